import type { ExamSession, SessionQuestion, TaskSettings } from '@app/contracts';

/** What every kind's player parts work with; the exam feature's player state is built on it. */
export type AnswerId = SessionQuestion['answerID'];
export type AnswerData = SessionQuestion['answerData'];

/**
 * A question in the player: the contract's session question (allowsPartialCredit is for scoring
 * only) plus what the player tracks. Its `timeSpent` accumulates when the student answers or moves
 * away; its `seq` is the client sequence number of the latest local change of the answer.
 */
export type PlayerQuestion = Omit<SessionQuestion, 'allowsPartialCredit'> & {
  isShowHint: boolean;
  /** The sequence number the server has confirmed holding. */
  confirmedSeq: number;
  /** Shown to the student at least once (NTA's "not visited" is its absence); see `isVisited`. */
  isVisited?: boolean;
};

/** The task's behaviour flags (the contract's TaskSettings) and the test's length. */
export type PlayerSettings = TaskSettings & Pick<ExamSession, 'totalDuration'>;

export function isAnswered(question: Pick<PlayerQuestion, 'answerID'>): boolean {
  return question.answerID !== null && question.answerID !== undefined && !(Array.isArray(question.answerID) && question.answerID.length === 0);
}

/** The id of a question's text, which names its answer group (the question labels its choices). */
export function questionTextId(questionID: number): string {
  return `question-text-${questionID}`;
}
