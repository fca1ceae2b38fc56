import type { ExamSession, QuestionType, SessionQuestion, TaskSettings } from '@app/contracts';

/** What every kind's player parts work with; the exam feature's player state is built on it. */
export type AnswerId = SessionQuestion['answerID'];
export type AnswerData = SessionQuestion['answerData'];

/** What the player tracks of a question beyond what the server sent. */
interface PlayerTracking {
  isShowHint: boolean;
  /** The sequence number the server has confirmed holding. */
  confirmedSeq: number;
  /** Shown to the student at least once (NTA's "not visited" is its absence); see `isVisited`. */
  isVisited?: boolean;
}

/**
 * A question in the player: the contract's session question, a union on the kind
 * (allowsPartialCredit is for scoring only), plus what the player tracks. Its `timeSpent`
 * accumulates when the student answers or moves away; its `seq` is the client sequence number of
 * the latest local change of the answer. A kind's own fields are read after narrowing on
 * `questionType` (`PlayerQuestionOf`).
 */
export type PlayerQuestion = SessionQuestion extends infer Q ? (Q extends SessionQuestion ? Omit<Q, 'allowsPartialCredit'> & PlayerTracking : never) : never;

/** The player's question of one kind, with that kind's own fields. */
export type PlayerQuestionOf<K extends QuestionType> = Extract<PlayerQuestion, { questionType: K }>;

/** The question narrowed to its kind, or null when it is of another kind (a kind's part reads its own fields through it). */
export function asKind<K extends QuestionType>(question: PlayerQuestion, kind: K): PlayerQuestionOf<K> | null {
  return question.questionType === kind ? (question as PlayerQuestionOf<K>) : null;
}

/** The task's behaviour flags (the contract's TaskSettings) and the test's length. */
export type PlayerSettings = TaskSettings & Pick<ExamSession, 'totalDuration'>;

export function isAnswered(question: Pick<PlayerQuestion, 'answerID'>): boolean {
  return question.answerID !== null && question.answerID !== undefined && !(Array.isArray(question.answerID) && question.answerID.length === 0);
}

/** The id of a question's text, which names its answer group (the question labels its choices). */
export function questionTextId(questionID: number): string {
  return `question-text-${questionID}`;
}
