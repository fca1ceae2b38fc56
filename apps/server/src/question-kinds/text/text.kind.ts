import { countBlanks } from '@app/contracts';
import type { QuestionScore, ScorableAnswer, ScorableQuestion, ServerQuestionKind } from '../question-kinds.types.js';
import { UNANSWERED, basePlayerPart, correct, isDecidedNow, partial, revealKey, wrong } from '../scoring.js';

function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

function asNumber(text: string): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** One blank: trimmed, case-insensitive; numbers within the tolerance count as equal. */
export function blankMatches(given: string, expected: { value: string; alternatives?: string[]; tolerance?: number }, defaultTolerance: number | null): boolean {
  const candidates = [expected.value, ...(expected.alternatives ?? [])];
  const tolerance = expected.tolerance ?? defaultTolerance;
  const givenNorm = normalise(given);
  if (givenNorm === '') return false;
  return candidates.some((candidate) => {
    if (normalise(candidate) === givenNorm) return true;
    if (tolerance === null || tolerance === undefined) return false;
    const a = asNumber(given);
    const b = asNumber(candidate);
    // A tiny epsilon so that a tolerance of 0.01 accepts 3.15 for 3.14 despite binary floats.
    return a !== null && b !== null && Math.abs(a - b) <= tolerance + 1e-9;
  });
}

function blankValues(answerData: unknown): Map<string, string> {
  const values = new Map<string, string>();
  if (!Array.isArray(answerData)) return values;
  for (const item of answerData) {
    if (item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string') {
      const value = (item as { value?: unknown }).value;
      values.set((item as { id: string }).id, typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
    }
  }
  return values;
}

/** Every blank right is full marks; some right is partial credit when allowed; otherwise wrong. */
export function scoreBlanks(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  const key = Array.isArray(question.correctAnswerData) ? question.correctAnswerData : [];
  const given = blankValues(answer.answerData);
  const filled = key.filter((blank) => normalise(given.get(blank.id) ?? '') !== '').length;
  if (answer.answerId === null || answer.answerId === undefined || filled === 0 || key.length === 0) return UNANSWERED;
  const right = key.filter((blank) => blankMatches(given.get(blank.id) ?? '', blank, question.numericTolerance)).length;
  if (right === key.length) return correct(question);
  if (question.allowsPartialCredit && right > 0) return partial(question, right / key.length);
  return wrong(question);
}

/** Fill in the blanks: the player is told how many blanks the text has; Moodle XML and GIFT carry it as short answer. */
export const textServerKind: ServerQuestionKind = {
  score: scoreBlanks,
  isDecided: isDecidedNow,
  marking: 'key',
  playerPart: (question) => ({ ...basePlayerPart(question), blankCount: countBlanks(question.data) }),
  reveal: revealKey,
  itemStatistics: 'none',
  paperAnswer: null,
  exchange: { moodleXml: { form: 'blanks', partialCreditByDefault: false }, gift: 'shortAnswer', template: 'blanks', aiken: false },
};
