import Box, { type BoxProps } from '@mui/material/Box';
import { use, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../lib/translation';
import { useSanitizedHtml } from '../safe-html';
import { escapeHtml } from '../../lib/escape-html';
import { hasMath, loadMath, nameMath, typesetMath } from './math';

export type RichContentProps = { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML' | 'children'>;

/**
 * Shows authored content (lessons, questions, options, explanations): sanitised HTML with its
 * mathematics and chemistry rendered — `$…$` or `\(…\)` inline, `$$…$$` or `\[…\]` displayed,
 * `\ce{…}` for chemistry inside either.
 */
export function RichContent({ html, ...boxProps }: RichContentProps) {
  const clean = useSanitizedHtml(html);
  const withMath = hasMath(clean);
  // Content with mathematics waits for KaTeX (its own chunk) so that raw TeX never flashes. `use`
  // is called whenever there is mathematics, loaded or not (the loaded promise is marked fulfilled,
  // so it does not suspend): React replays a component that suspended on it and, when the replay
  // skipped the call, met the hooks after it as updates of hooks never made (React error 467,
  // recovered by rendering the whole root again, error 520).
  const render = withMath ? use(loadMath()) : null;
  const ref = useRef<HTMLDivElement>(null);
  const { i18n } = useTranslation();
  const language = i18n.language === 'tn' ? 'tn' : 'en';

  // KaTeX works on the sanitised DOM (auto-render walks its text nodes); React sets the HTML again
  // whenever it changes, and this runs again after it.
  useLayoutEffect(() => {
    if (render && ref.current) typesetMath(render, ref.current);
  }, [render, clean]);

  // Each formula is named by its spoken text (screen readers read "1 over 2 m v squared").
  useLayoutEffect(() => {
    if (render && ref.current) nameMath(ref.current, language);
  }, [render, clean, language]);

  // Content wider than its box scrolls sideways; a box that scrolls can be reached and scrolled by
  // keyboard (tabindex), one that fits adds no Tab stop. Checked again when the box is resized.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const mark = () => {
      if (element.scrollWidth > element.clientWidth) element.tabIndex = 0;
      else element.removeAttribute('tabindex');
    };
    mark();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(mark);
    observer.observe(element);
    return () => observer.disconnect();
  }, [render, clean]);

  // Authored content: the Tamil interface check (e2e) leaves it to its authors' language.
  return <Box ref={ref} data-user-content="" {...boxProps} sx={[CONTENT_FIT, ...(Array.isArray(boxProps.sx) ? boxProps.sx : [boxProps.sx])]} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/**
 * Authored text as HTML for `RichContent`, or null where a plain element may show it as it is.
 * HTML is kept; plain text (from imported files) that holds mathematics is escaped with its line
 * breaks kept, so that its formulas are typeset exactly as an HTML question's are — in the player,
 * the preview and every other view.
 */
export function authoredHtml(text: string, contentType: string): string | null {
  if (contentType === 'html') return text;
  return hasMath(text) ? escapeHtml(text).replace(/\r?\n/g, '<br>') : null;
}

/** For `sx`: authored content shown inline after a label ("Your answer: …", "2. …"). */
export const INLINE_CONTENT = { display: 'inline-block', verticalAlign: 'top', '& p': { m: 0, display: 'inline' }, '& pre': { m: 0 } } as const;

/**
 * Authored content never widens the page on a phone: long words and formulas wrap, a displayed
 * formula too wide for the screen scrolls inside itself, pictures and videos shrink to fit.
 */
const CONTENT_FIT = {
  overflowWrap: 'anywhere',
  // An inline formula breaks only at its top-level operators: content with a longer one (a
  // reaction) scrolls sideways inside its own box, which then takes keyboard focus (see below).
  maxWidth: '100%',
  overflowX: 'auto',
  overflowY: 'hidden',
  '& .katex-display': { overflowX: 'auto', overflowY: 'hidden', maxWidth: '100%' },
  '& img, & video': { maxWidth: '100%', height: 'auto' },
  '& table': { display: 'block', maxWidth: '100%', overflowX: 'auto' },
} as const;
