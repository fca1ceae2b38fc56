import { BLANK_MARKER, blankId, type BlankValue } from '@app/contracts';

/** One piece of a fill-in-the-blank question: text, or the n-th blank (spec 001 §5). */
export type BlankSegment = { kind: 'text'; text: string } | { kind: 'blank'; index: number; id: string };

/** Splits questionData at each {0} marker; blank ids are questionID-index. */
export function parseBlanks(questionID: number, questionData: string): BlankSegment[] {
  const parts = questionData.split(BLANK_MARKER);
  const segments: BlankSegment[] = [];
  parts.forEach((text, index) => {
    if (text) segments.push({ kind: 'text', text });
    if (index < parts.length - 1) segments.push({ kind: 'blank', index, id: blankId(questionID, index) });
  });
  return segments;
}

/** The stored blank values, one per marker, in order (missing ones empty). */
export function blankValues(questionID: number, count: number, answerData: unknown): BlankValue[] {
  const given = Array.isArray(answerData) ? (answerData as BlankValue[]) : [];
  return Array.from({ length: count }, (_, index) => {
    const id = blankId(questionID, index);
    return { id, value: given.find((item) => item.id === id)?.value ?? '' };
  });
}

/**
 * The answerID for blanks: a marker when anything is written, none when every blank is empty
 * (spec 001 §4: a blank left empty sets answerID to none; partly filled answers still count so a
 * partial-credit question keeps what was written).
 */
export function blanksAnswerId(values: BlankValue[]): string | null {
  return values.some((item) => item.value.trim() !== '') ? 'text' : null;
}
