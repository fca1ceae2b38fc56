import type { KindQuestion, PlayerPart, RevealedKey, QuestionScore, ScorableQuestion } from './question-kinds.types.js';

/** Two decimals, so that sums of fractional marks do not drift. */
export const roundMarks = (value: number): number => Math.round(value * 100) / 100;

/** One letter per question status, as an attempt's and a summary's marks keep them (item_statuses). */
export const STATUS_LETTER = { correct: 'c', partial: 'p', wrong: 'w', unanswered: 'u', pending: 'e' } as const satisfies Record<QuestionScore['status'], string>;

/** The status a letter of item_statuses stands for (unanswered for none). */
export function statusOfLetter(letter: string | null | undefined): QuestionScore['status'] {
  const found = (Object.keys(STATUS_LETTER) as QuestionScore['status'][]).find((status) => STATUS_LETTER[status] === letter);
  return found ?? 'unanswered';
}

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
