import { ASSERTION_REASON_OPTIONS, assertionReasonOptions, parseAssertionReason, type Language } from '@app/contracts';

interface ChoiceDraft {
  correctAnswerId?: number | number[] | null;
  texts: Partial<Record<Language, { data: string; options?: Array<{ answerID: number; answerData: string }> }>>;
}

const normalise = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
const STANDARD = Object.values(ASSERTION_REASON_OPTIONS).map((options) => options.map(normalise));

/**
 * A single-choice question from a file that is an assertion–reason one: every language's statement
 * has the labelled assertion and reason, and its four options are the standard ones (in either
 * language, any order, any punctuation). Returns the generated options' key, or null.
 */
export function recogniseAssertionReason(draft: ChoiceDraft): { correctAnswerId: number } | null {
  const languages = Object.keys(draft.texts) as Language[];
  if (!languages.length || typeof draft.correctAnswerId !== 'number') return null;
  let key: number | null = null;
  for (const language of languages) {
    const text = draft.texts[language]!;
    const options = text.options ?? [];
    if (!parseAssertionReason(text.data) || options.length !== 4) return null;
    const positions = options.map((o) => STANDARD.map((wording) => wording.indexOf(normalise(o.answerData))).find((i) => i >= 0) ?? -1);
    if (positions.some((p) => p < 0) || new Set(positions).size !== 4) return null;
    const chosen = positions[options.findIndex((o) => o.answerID === draft.correctAnswerId)];
    if (chosen === undefined) return null;
    if (key !== null && key !== chosen + 1) return null;
    key = chosen + 1;
  }
  return key === null ? null : { correctAnswerId: key };
}

/** Gives a recognised draft the generated options of each language. */
export function withAssertionReasonOptions(draft: ChoiceDraft): void {
  for (const language of Object.keys(draft.texts) as Language[]) draft.texts[language]!.options = assertionReasonOptions(language);
}
