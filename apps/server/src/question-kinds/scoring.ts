import type { KindQuestion, PlayerPart, RevealedKey, QuestionScore, ScorableQuestion } from './question-kinds.types.js';

/** Two decimals, so that sums of fractional marks do not drift. */
export const roundMarks = (value: number): number => Math.round(value * 100) / 100;

export const UNANSWERED: QuestionScore = { status: 'unanswered', marksAwarded: 0, negativeLost: 0 };

export function wrong(question: ScorableQuestion): QuestionScore {
  const lost = roundMarks(Math.abs(question.negativeMarks));
  return { status: 'wrong', marksAwarded: lost === 0 ? 0 : -lost, negativeLost: lost };
}
export function correct(question: ScorableQuestion): QuestionScore {
  return { status: 'correct', marksAwarded: roundMarks(question.marks), negativeLost: 0 };
}
export function partial(question: ScorableQuestion, fraction: number): QuestionScore {
  return { status: 'partial', marksAwarded: roundMarks(question.marks * fraction), negativeLost: 0 };
}

/** The part every kind shows (its text's options, if any); a kind adds its own fields. */
export function basePlayerPart(question: KindQuestion): PlayerPart {
  return {
    blankCount: 0,
    answer: question.options.map((o) => ({ answerID: o.answerID, answerData: o.answerData })),
    lineNumber: null,
    questionDetails: null,
    sampleInputOutputs: [],
    startFileUrl: null,
  };
}

export const isDecidedNow = (): boolean => true;

/** The key as stored: option ids, blanks (id and value only) or a model answer. */
export function revealKey(question: KindQuestion): RevealedKey {
  return {
    correctAnswerID: question.correctAnswerId ?? null,
    correctAnswerData: Array.isArray(question.correctAnswerData) ? question.correctAnswerData.map((b) => ({ id: b.id, value: b.value })) : (question.correctAnswerData ?? null),
  };
}
