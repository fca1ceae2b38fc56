import type { Language } from '../../common/constants.js';

/**
 * The four standard options of a NEET assertion–reason question, in the papers' wording; they are
 * generated (ids 1–4 in this order), never typed, so every question of the kind reads the same.
 */
export const ASSERTION_REASON_OPTIONS: Record<Language, readonly [string, string, string, string]> = {
  en: [
    'Both A and R are true and R is the correct explanation of A.',
    'Both A and R are true but R is NOT the correct explanation of A.',
    'A is true but R is false.',
    'A is false but R is true.',
  ],
  tn: [
    'A, R இரண்டும் உண்மை; R என்பது A-க்குச் சரியான விளக்கம்.',
    'A, R இரண்டும் உண்மை; ஆனால் R என்பது A-க்குச் சரியான விளக்கம் அல்ல.',
    'A உண்மை, ஆனால் R தவறு.',
    'A தவறு, ஆனால் R உண்மை.',
  ],
};

/** The labels the statement gives the two sentences, per language. */
export const ASSERTION_REASON_LABELS: Record<Language, { assertion: string; reason: string }> = {
  en: { assertion: 'Assertion (A):', reason: 'Reason (R):' },
  tn: { assertion: 'கூற்று (A):', reason: 'காரணம் (R):' },
};

export interface AssertionReasonTexts {
  assertion: string;
  reason: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[name]!);

/** The generated options of one language, as a version stores them. */
export function assertionReasonOptions(language: Language): Array<{ answerID: number; answerData: string }> {
  return ASSERTION_REASON_OPTIONS[language].map((answerData, i) => ({ answerID: i + 1, answerData }));
}

/** The statement a version stores: the two sentences, labelled, as two paragraphs of HTML. */
export function assertionReasonStatement(language: Language, { assertion, reason }: AssertionReasonTexts): string {
  const labels = ASSERTION_REASON_LABELS[language];
  return `<p><strong>${labels.assertion}</strong> ${escapeHtml(assertion)}</p><p><strong>${labels.reason}</strong> ${escapeHtml(reason)}</p>`;
}

/**
 * The two sentences of a statement as typed (spaces kept, so an editor can show them back), or
 * null when the statement has no labelled assertion and reason. Either language's labels are
 * recognised (a file may carry the English labels in a Tamil part); inner markup is dropped.
 */
export function splitAssertionReason(statement: string): AssertionReasonTexts | null {
  for (const labels of Object.values(ASSERTION_REASON_LABELS)) {
    const a = statement.indexOf(labels.assertion);
    const r = statement.indexOf(labels.reason);
    if (a < 0 || r < a) continue;
    const plain = (html: string) => unescapeHtml(html.replace(/<[^>]*>/g, '')).replace(/^ /, '');
    return { assertion: plain(statement.slice(a + labels.assertion.length, r)), reason: plain(statement.slice(r + labels.reason.length)) };
  }
  return null;
}

/** The two sentences of a stored statement, trimmed, or null unless both are there. */
export function parseAssertionReason(statement: string): AssertionReasonTexts | null {
  const split = splitAssertionReason(statement);
  if (!split) return null;
  const assertion = split.assertion.replace(/\s+/g, ' ').trim();
  const reason = split.reason.replace(/\s+/g, ' ').trim();
  return assertion && reason ? { assertion, reason } : null;
}

/** True when a language's options are exactly the generated four (ids and wording). */
export function hasAssertionReasonOptions(language: Language, options: ReadonlyArray<{ answerID: number; answerData?: string }>): boolean {
  const expected = assertionReasonOptions(language);
  return options.length === expected.length && expected.every((o, i) => options[i]!.answerID === o.answerID && options[i]!.answerData === o.answerData);
}
