import { norm } from './office.package.js';

const wordCache = new Map<string, string[]>();

/** Words of a text, normalised (letters and digits of any script); remembered for the texts of one evaluation. */
export function words(text: string): string[] {
  let out = wordCache.get(text);
  if (!out) {
    out = norm(text)
      .split(/[^\p{L}\p{M}\p{N}]+/u)
      .filter(Boolean);
    if (wordCache.size > 20_000) wordCache.clear();
    wordCache.set(text, out);
  }
  return out;
}

/**
 * How alike two texts are, 0–1: the Dice coefficient of their word multisets (word order and
 * punctuation do not count; case and spacing do not either).
 */
export function similarity(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  if (wa.length === 0 && wb.length === 0) return 1;
  if (wa.length === 0 || wb.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const w of wa) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of wb) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common += 1;
      counts.set(w, n - 1);
    }
  }
  return (2 * common) / (wa.length + wb.length);
}

/** Texts that count as the same answer. */
export const TEXT_MATCH = 0.9;
