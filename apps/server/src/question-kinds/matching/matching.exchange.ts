import {
  MATCHING_LEFT_BASE,
  MATCHING_LIST_MAX,
  MATCHING_LIST_MIN,
  MATCHING_RIGHT_BASE,
  asMatchingKey,
  codeText,
  generatedCodes,
  matchingLists,
  pairsOfCode,
  type Language,
  type MatchingKey,
} from '@app/contracts';

type Texts = Partial<Record<Language, string>>;
type Option = { answerID: number; answerData: string };

/** One row of a file's matching question: a list I item (none for an extra list II item) and its list II item. */
export interface MatchingRow {
  left: Texts | null;
  right: Texts;
  /** The list II item's id, where a file of ours keeps it (list II's order is not the rows'). */
  rightId?: number;
}

/** The most list II items a question may carry: list I's and two extra. */
export const MATCHING_RIGHT_MAX = MATCHING_LIST_MAX + 2;

/**
 * A file's rows (Moodle's subquestions, GIFT's `a -> 1`) as each language's options and the pairs:
 * list I in row order; list II as the distinct answers in order of first appearance (an answer
 * shared by two items is one item), extras included. Null when the lists do not fit the kind.
 */
export function matchingFromRows(rows: readonly MatchingRow[], languages: readonly Language[], presentation: MatchingKey['presentation'] = 'pairs'): { options: Partial<Record<Language, Option[]>>; key: MatchingKey } | null {
  const sameText = (a: Texts, b: Texts) => languages.every((l) => (a[l] ?? '') === (b[l] ?? ''));
  const rights: Texts[] = [];
  const keptIds = [...new Set(rows.map((r) => r.rightId ?? 0))].sort((a, b) => a - b);
  if (rows.length && keptIds.every((id, i) => id === MATCHING_RIGHT_BASE + i + 1)) {
    for (const row of rows) rights[row.rightId! - MATCHING_RIGHT_BASE - 1] = row.right;
  }
  const rightOf = (texts: Texts) => {
    const found = rights.findIndex((r) => sameText(r, texts));
    if (found >= 0) return MATCHING_RIGHT_BASE + found + 1;
    rights.push(texts);
    return MATCHING_RIGHT_BASE + rights.length;
  };
  const lefts: Texts[] = [];
  const pairs: MatchingKey['pairs'] = [];
  for (const row of rows) {
    const right = rightOf(row.right);
    if (row.left && languages.some((l) => row.left![l])) {
      lefts.push(row.left);
      pairs.push({ left: MATCHING_LEFT_BASE + lefts.length, right });
    }
  }
  if (lefts.length < MATCHING_LIST_MIN || lefts.length > MATCHING_LIST_MAX || rights.length < MATCHING_LIST_MIN || rights.length > MATCHING_RIGHT_MAX) return null;
  const options = Object.fromEntries(
    languages.map((l) => [
      l,
      [...lefts.map((t, i) => ({ answerID: MATCHING_LEFT_BASE + i + 1, answerData: t[l] ?? '' })), ...rights.map((t, i) => ({ answerID: MATCHING_RIGHT_BASE + i + 1, answerData: t[l] ?? '' }))],
    ]),
  );
  return { options, key: { presentation, pairs } };
}

/** A version's options and key back as a file's rows: each list I item with its list II item, then the unused list II items. */
export function matchingRows(optionsOf: (language: Language) => readonly Option[], languages: readonly Language[], data: unknown): MatchingRow[] | null {
  const key = asMatchingKey(data);
  if (!key) return null;
  const lists = Object.fromEntries(languages.map((l) => [l, matchingLists(optionsOf(l))]));
  const textOf = (id: number): Texts => Object.fromEntries(languages.map((l) => [l, [...lists[l]!.left, ...lists[l]!.right].find((o) => o.answerID === id)?.answerData ?? '']));
  const rows: MatchingRow[] = [...key.pairs].sort((a, b) => a.left - b.left).map((p) => ({ left: textOf(p.left), right: textOf(p.right), rightId: p.right }));
  const used = new Set(key.pairs.map((p) => p.right));
  for (const item of lists[languages[0]!]!.right) if (!used.has(item.answerID)) rows.push({ left: null, right: textOf(item.answerID), rightId: item.answerID });
  return rows;
}

/** A coded question's four codes as options 1–4 and the right one; given codes are kept when they are four, else generated from the key. */
export function matchingCodes(key: MatchingKey, rightIds: readonly number[], given: readonly string[] = []): { codes: Option[]; correct: number } | null {
  if (given.length === 4 && given.every((c) => pairsOfCode(c))) {
    const correct = given.findIndex((c) => codeText(pairsOfCode(c)!) === codeText(key.pairs));
    if (correct >= 0) return { codes: given.map((answerData, i) => ({ answerID: i + 1, answerData })), correct: correct + 1 };
  }
  const generated = generatedCodes(key.pairs, rightIds);
  return generated && { codes: generated.codes.map((answerData, i) => ({ answerID: i + 1, answerData })), correct: generated.correct };
}

/**
 * A question matched in pairs as GIFT's `=a -> 1` lines, one language's texts (an extra list II
 * item has an empty left side), already escaped by `escape`; null when GIFT cannot carry it
 * (the four codes of a coded question, an item with `->` in its text, or the key is not one).
 */
export function matchingGiftPairs(options: readonly Option[], data: unknown, escape: (text: string) => string): string[] | null {
  if (asMatchingKey(data)?.presentation !== 'pairs' || options.some((o) => o.answerData.includes('->'))) return null;
  const rows = matchingRows(() => options, ['en'], data);
  return rows && rows.map((row) => `=${row.left ? escape(row.left.en ?? '') : ''} -> ${escape(row.right.en ?? '')}`);
}
