/**
 * The scoring `switch` the question-kind registry replaced (issue 31), kept here only so that
 * bench/scoring.ts can time both in the same run, side by side. Its body is the one of
 * apps/server/src/modules/grading/grading.scoring.ts before the registry (commit 2e43ddf^),
 * unchanged but for its imports and a default for the kinds added since. Never used by the product.
 */
import type { AnswerStatus } from '@app/contracts';
import type { ScorableAnswer, ScorableQuestion } from '../apps/server/src/modules/grading/grading.scoring.js';

interface QuestionScore {
  status: AnswerStatus;
  marksAwarded: number;
  negativeLost: number;
}

/** Two decimals, so that sums of fractional marks do not drift. */
const roundMarks = (value: number): number => Math.round(value * 100) / 100;

const UNANSWERED: QuestionScore = { status: 'unanswered', marksAwarded: 0, negativeLost: 0 };

function wrong(question: ScorableQuestion): QuestionScore {
  const lost = roundMarks(Math.abs(question.negativeMarks));
  return { status: 'wrong', marksAwarded: lost === 0 ? 0 : -lost, negativeLost: lost };
}
function correct(question: ScorableQuestion): QuestionScore {
  return { status: 'correct', marksAwarded: roundMarks(question.marks), negativeLost: 0 };
}
function partial(question: ScorableQuestion, fraction: number): QuestionScore {
  return { status: 'partial', marksAwarded: roundMarks(question.marks * fraction), negativeLost: 0 };
}

function toIdList(value: unknown): number[] | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return [value];
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return [Number(value.trim())];
  if (Array.isArray(value)) {
    const ids = value.filter((v): v is number => typeof v === 'number' && Number.isInteger(v));
    return ids.length === value.length ? [...new Set(ids)] : null;
  }
  return null;
}

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
function blankMatches(given: string, expected: { value: string; alternatives?: string[]; tolerance?: number }, defaultTolerance: number | null): boolean {
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

function scoreChoice(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  const chosen = toIdList(answer.answerId);
  if (!chosen || chosen.length === 0) return UNANSWERED;
  const key = toIdList(question.correctAnswerId) ?? [];
  if (question.questionType !== 'multipleChoice') {
    return chosen.length === 1 && key.includes(chosen[0]!) ? correct(question) : wrong(question);
  }
  const keySet = new Set(key);
  const allRight = chosen.length === keySet.size && chosen.every((id) => keySet.has(id));
  if (allRight) return correct(question);
  // Partial credit: only right options chosen, some missing. Any wrong option is a wrong answer.
  if (question.allowsPartialCredit && chosen.every((id) => keySet.has(id)) && keySet.size > 0) {
    return partial(question, chosen.length / keySet.size);
  }
  return wrong(question);
}

function scoreBlanks(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  const key = Array.isArray(question.correctAnswerData) ? question.correctAnswerData : [];
  const given = blankValues(answer.answerData);
  const filled = key.filter((blank) => normalise(given.get(blank.id) ?? '') !== '').length;
  if (answer.answerId === null || answer.answerId === undefined || filled === 0 || key.length === 0) return UNANSWERED;
  const right = key.filter((blank) => blankMatches(given.get(blank.id) ?? '', blank, question.numericTolerance)).length;
  if (right === key.length) return correct(question);
  if (question.allowsPartialCredit && right > 0) return partial(question, right / key.length);
  return wrong(question);
}

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function scoreComprehensive(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  if (!hasText(answer.answerData)) return UNANSWERED;
  if (answer.teacherMarks === null) return { status: 'pending', marksAwarded: 0, negativeLost: 0 };
  const awarded = roundMarks(Math.min(Math.max(answer.teacherMarks, 0), question.marks));
  if (awarded >= question.marks) return correct(question);
  if (awarded > 0) return { status: 'partial', marksAwarded: awarded, negativeLost: 0 };
  return { status: 'wrong', marksAwarded: 0, negativeLost: 0 };
}

function scoreEvaluated(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  const fraction = answer.evaluatedFraction;
  if (fraction === null) {
    const answered = answer.answerData !== null && answer.answerData !== undefined;
    // Never evaluated: no score, and no negative marking for work the evaluator never saw.
    return answered ? { status: 'wrong', marksAwarded: 0, negativeLost: 0 } : UNANSWERED;
  }
  const clamped = Math.min(Math.max(fraction, 0), 1);
  if (clamped >= 1) return correct(question);
  if (clamped > 0 && question.allowsPartialCredit) return partial(question, clamped);
  return wrong(question);
}

/** Scores one answer by the marking rules (marks, negative marks, blanks, partial credit). */
export function scoreAnswerBySwitch(question: ScorableQuestion, answer: ScorableAnswer | undefined): QuestionScore {
  if (!answer) return UNANSWERED;
  switch (question.questionType) {
    case 'singleChoice':
    case 'multipleChoice':
    case 'video':
    case 'image':
      return scoreChoice(question, answer);
    case 'text':
      return scoreBlanks(question, answer);
    case 'comprehensive':
      return scoreComprehensive(question, answer);
    case 'programming':
    case 'xlsx':
    case 'docx':
    case 'pptx':
      return scoreEvaluated(question, answer);
    // The kinds added since had no case (the bench's paper holds none of them).
    default:
      return UNANSWERED;
  }
}

