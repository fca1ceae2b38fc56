import { DIFFICULTIES, SUPPORTED_LANGUAGES, type Difficulty, type Language } from '@app/contracts';
import type { QuestionDraft, TextVariant } from './types.js';

/** The largest picture kept as a data: URL (the content's mediaUrl holds at most 500,000 characters). */
export const MAX_IMAGE_BYTES = 350 * 1024;

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};
const EXTENSION_BY_MIME = Object.fromEntries(Object.entries(MIME_BY_EXTENSION).map(([ext, mime]) => [mime, ext]));

export function mimeOfFileName(name: string): string {
  return MIME_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** A data: URL's type and base64 payload, or null when it is not a base64 data: URL. */
export function parseDataUrl(url: string): { mime: string; base64: string; extension: string } | null {
  const match = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/=\s]+)$/.exec(url);
  if (!match) return null;
  return { mime: match[1]!, base64: match[2]!.replace(/\s+/g, ''), extension: EXTENSION_BY_MIME[match[1]!] ?? 'bin' };
}

export const isDifficulty = (value: string): value is Difficulty => (DIFFICULTIES as readonly string[]).includes(value);

/** Number of a cell or element; undefined for blank, NaN for anything that is not a number. */
export function numberOf(value: string | undefined | null): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
}

export const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The languages a draft has text in, default language first. */
export function languagesOf(draft: QuestionDraft): Language[] {
  const present = SUPPORTED_LANGUAGES.filter((language) => draft.texts[language]);
  const first = draft.defaultLanguage ?? 'en';
  return present.includes(first) ? [first, ...present.filter((l) => l !== first)] : present;
}

export function variantOf(draft: QuestionDraft, language: Language): TextVariant | undefined {
  return draft.texts[language] ?? undefined;
}

/** null for a blank optional text. */
export const orNull = (value: string | undefined | null): string | null => (value && value.trim() ? value.trim() : null);

/**
 * A Moodle category path (`$course$/top/Physics/Mechanics`, also GIFT's `$CATEGORY:`) as its
 * topic path, outermost first: the context (`$course$`), `top` and Moodle's own "Default for …"
 * categories are left out; `//` is a slash inside a name.
 */
export function categoryPath(path: string): string[] {
  return path
    .split(/(?<!\/)\/(?!\/)/)
    .map((p) => p.replace(/\/\//g, '/').trim())
    .filter((p) => p && !p.startsWith('$') && p.toLowerCase() !== 'top' && !p.toLowerCase().startsWith('default for'));
}
