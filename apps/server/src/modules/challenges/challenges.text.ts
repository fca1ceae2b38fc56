import { CHALLENGE_ERRORS } from '@app/contracts';
import { AppError } from '../../lib/errors.js';
import { plainTextPreview } from '../../lib/html-sanitizer.js';

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Posts and reasons are plain text (shown as text, never as HTML). Text that the sanitiser would
 * change when it reads it as HTML carries markup (a tag, a script, a comment): it is refused with
 * a clear message rather than stored altered behind the writer's back. "a < b" and "x<5" are text.
 */
export function plainText(input: string): string {
  const text = input.trim();
  if (collapse(plainTextPreview(text, Number.POSITIVE_INFINITY)) !== collapse(text)) throw new AppError(CHALLENGE_ERRORS.CHALLENGE_TEXT_MARKUP);
  return text;
}
