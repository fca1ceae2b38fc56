import Box, { type BoxProps } from '@mui/material/Box';
import type { DOMPurify } from 'dompurify';
import { use, useMemo } from 'react';
import { HTML_POLICY, withHtmlPolicy } from '../lib/html-policy';

// DOMPurify is its own chunk: its download starts as soon as a page with HTML content loads,
// in parallel with that page's data, and stays out of the first JavaScript the player needs.
let purifier: DOMPurify | null = null;
/** Resolves when the sanitiser is loaded (tests await it before rendering). */
export const sanitizerReady: Promise<DOMPurify> = import('dompurify').then((module) => (purifier = withHtmlPolicy(module.default)));

/** The HTML, sanitised; suspends until the sanitiser has loaded, so unsanitised HTML is never rendered. */
export function useSanitizedHtml(html: string): string {
  const sanitizer = purifier ?? use(sanitizerReady);
  return useMemo(() => sanitizer.sanitize(html, HTML_POLICY), [sanitizer, html]);
}

/**
 * Renders HTML from the server after sanitising it again in the browser (DESIGN §5). Until the
 * sanitiser has loaded it suspends (the page's loader shows); unsanitised HTML is never rendered.
 */
export function SafeHtml({ html, ...boxProps }: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML' | 'children'>) {
  const clean = useSanitizedHtml(html);
  return <Box {...boxProps} dangerouslySetInnerHTML={{ __html: clean }} />;
}
