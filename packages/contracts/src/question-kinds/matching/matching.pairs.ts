/**
 * Match list I with list II (NEET, Moodle `match`), without zod: the player and scoring read it.
 *
 * A version keeps everything in the columns every kind has. Each language's options hold the
 * items: list I as ids 101, 102, … (labelled A, B, C…), list II as ids 201, 202, … (labelled I,
 * II, III…; list II may be longer), and, for the coded presentation, the four codes as ids 1–4
 * ("A-III, B-I, C-IV, D-II"). The key is `correctAnswerData`: the presentation and the pairs;
 * a coded question's correct code is also `correctAnswerId`.
 */

export const MATCHING_PRESENTATIONS = ['pairs', 'coded'] as const;
export type MatchingPresentation = (typeof MATCHING_PRESENTATIONS)[number];

export const MATCHING_LEFT_BASE = 100;
export const MATCHING_RIGHT_BASE = 200;
/** At most this many items in each list. */
export const MATCHING_LIST_MAX = 8;
export const MATCHING_LIST_MIN = 2;
export const MATCHING_CODE_COUNT = 4;
/** The saved answer's marker for the pairs presentation: `{ answerID: 'pairs', answerData: [{ id: '101', value: '203' }] }`. */
export const MATCHING_ANSWER_MARKER = 'pairs';

export interface MatchingPair {
  left: number;
  right: number;
}
export interface MatchingKey {
  presentation: MatchingPresentation;
  pairs: MatchingPair[];
}

export const isLeftId = (id: number): boolean => id > MATCHING_LEFT_BASE && id <= MATCHING_LEFT_BASE + MATCHING_LIST_MAX;
export const isRightId = (id: number): boolean => id > MATCHING_RIGHT_BASE && id <= MATCHING_RIGHT_BASE + MATCHING_LIST_MAX + 2;
export const isCodeId = (id: number): boolean => id >= 1 && id <= MATCHING_CODE_COUNT;

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

/** A list I item's label (A, B, C…) by its id. */
export const leftLabel = (id: number): string => String.fromCharCode(64 + id - MATCHING_LEFT_BASE);
/** A list II item's label (I, II, III…) by its id. */
export const rightLabel = (id: number): string => ROMAN[id - MATCHING_RIGHT_BASE - 1] ?? String(id - MATCHING_RIGHT_BASE);

type Item = { answerID: number; answerData?: string };

/** The two lists of a version's options, each in id order, and its codes. */
export function matchingLists<T extends Item>(options: readonly T[]): { left: T[]; right: T[]; codes: T[] } {
  const byId = (a: T, b: T) => a.answerID - b.answerID;
  return {
    left: options.filter((o) => isLeftId(o.answerID)).sort(byId),
    right: options.filter((o) => isRightId(o.answerID)).sort(byId),
    codes: options.filter((o) => isCodeId(o.answerID)).sort(byId),
  };
}

/** The code of a pairing in list order: "A-III, B-I, C-IV, D-II". */
export function codeText(pairs: readonly MatchingPair[]): string {
  return [...pairs]
    .sort((a, b) => a.left - b.left)
    .map((p) => `${leftLabel(p.left)}-${rightLabel(p.right)}`)
    .join(', ');
}

/** A code's text back as pairs (ids), or null when it is not one. */
export function pairsOfCode(text: string): MatchingPair[] | null {
  const pairs: MatchingPair[] = [];
  for (const part of text.split(',')) {
    const match = /^\s*([A-H])\s*[-–→]\s*([IVX]+)\s*$/.exec(part);
    const right = match ? ROMAN.indexOf(match[2]!) : -1;
    if (!match || right < 0) return null;
    pairs.push({ left: MATCHING_LEFT_BASE + match[1]!.charCodeAt(0) - 64, right: MATCHING_RIGHT_BASE + right + 1 });
  }
  return pairs;
}

/**
 * Four codes for the coded presentation, deterministically from the key: the key and three
 * distractors (the key's list II items rotated among the list I items, then neighbours swapped,
 * then one item replaced by an unused list II item), with the key placed by its pairs so that the
 * right one is not always first. Null when the lists are too small for four different codes.
 */
export function generatedCodes(pairs: readonly MatchingPair[], rightIds: readonly number[]): { codes: string[]; correct: number } | null {
  const sorted = [...pairs].sort((a, b) => a.left - b.left);
  const rights = sorted.map((p) => p.right);
  const key = codeText(sorted);
  const candidates: number[][] = [];
  for (let shift = 1; shift < rights.length; shift++) candidates.push(rights.map((_, i) => rights[(i + shift) % rights.length]!));
  for (let i = 0; i + 1 < rights.length; i++) candidates.push(rights.map((r, j) => (j === i ? rights[i + 1]! : j === i + 1 ? rights[i]! : r)));
  const unused = rightIds.filter((id) => !rights.includes(id));
  for (let i = 0; i < rights.length; i++) for (const id of unused) candidates.push(rights.map((r, j) => (j === i ? id : r)));
  const distractors: string[] = [];
  for (const candidate of candidates) {
    const text = codeText(sorted.map((p, i) => ({ left: p.left, right: candidate[i]! })));
    if (text !== key && !distractors.includes(text)) distractors.push(text);
    if (distractors.length === MATCHING_CODE_COUNT - 1) break;
  }
  if (distractors.length < MATCHING_CODE_COUNT - 1) return null;
  const correct = (rights.reduce((sum, r, i) => sum + r * (i + 1), 0) % MATCHING_CODE_COUNT) + 1;
  const codes = [...distractors];
  codes.splice(correct - 1, 0, key);
  return { codes, correct };
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

/** The stored key, when the data is one (a plain check: scoring and the player read it). */
export function asMatchingKey(data: unknown): MatchingKey | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const key = data as Record<string, unknown>;
  if (!MATCHING_PRESENTATIONS.includes(key.presentation as MatchingPresentation) || !Array.isArray(key.pairs)) return null;
  const pairs = key.pairs.filter((p): p is MatchingPair => !!p && typeof p === 'object' && isInt((p as MatchingPair).left) && isInt((p as MatchingPair).right));
  if (pairs.length !== key.pairs.length || pairs.length === 0) return null;
  return { presentation: key.presentation as MatchingPresentation, pairs: pairs.map((p) => ({ left: p.left, right: p.right })) };
}

/** A saved pairs answer as left id → right id (what is not chosen is absent). */
export function matchingAnswerOf(answerData: unknown): Map<number, number> {
  const chosen = new Map<number, number>();
  if (!Array.isArray(answerData)) return chosen;
  for (const entry of answerData as { id?: unknown; value?: unknown }[]) {
    const left = Number(entry?.id);
    const right = Number(entry?.value);
    if (isLeftId(left) && isRightId(right)) chosen.set(left, right);
  }
  return chosen;
}

/** The save's parts for a pairing (left id → right id): the pairs chosen, or a Clear when none is. */
export function matchingSaveOf(chosen: ReadonlyMap<number, number>): { answerID: 'pairs'; answerData: { id: string; value: string }[] } | { answerID: null; answerData: null } {
  const entries = [...chosen.entries()].sort((a, b) => a[0] - b[0]);
  return entries.length ? { answerID: MATCHING_ANSWER_MARKER, answerData: entries.map(([left, right]) => ({ id: String(left), value: String(right) })) } : { answerID: null, answerData: null };
}

/** The key as content: "A – Mitochondria → III – Respiration", one line per pair, from the lists in one language. */
export function keyLines(key: MatchingKey, options: readonly Item[]): string[] {
  const text = new Map(options.map((o) => [o.answerID, o.answerData]));
  return [...key.pairs]
    .sort((a, b) => a.left - b.left)
    .map((p) => `${leftLabel(p.left)}. ${text.get(p.left) ?? ''} → ${rightLabel(p.right)}. ${text.get(p.right) ?? ''}`.trim());
}
