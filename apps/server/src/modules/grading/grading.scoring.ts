import type { QuestionType } from '@app/contracts';
import type { MappedQuestion } from '../academy/student/academy.student.exam-content.js';
import { SERVER_QUESTION_KINDS, roundMarks, serverKindOf, type QuestionScore, type ScorableAnswer, type ScorableQuestion } from '../../question-kinds/index.js';

export { blankMatches, roundMarks, STATUS_LETTER, statusOfLetter } from '../../question-kinds/index.js';
export type { QuestionScore, ScorableAnswer, ScorableQuestion } from '../../question-kinds/index.js';

const UNANSWERED: QuestionScore = { status: 'unanswered', marksAwarded: 0, negativeLost: 0 };

/** Scores one answer by its kind's marking rules (marks, negative marks, blanks, partial credit). */
export function scoreAnswer(question: ScorableQuestion, answer: ScorableAnswer | undefined): QuestionScore {
  // A key decision (decision 067) marks every attempt served the version alike, whatever the kind.
  if (question.award === 'bonus') return { status: 'correct', marksAwarded: question.marks, negativeLost: 0 };
  if (!answer) return UNANSWERED;
  const kind = SERVER_QUESTION_KINDS[question.questionType];
  // An option accepted besides the key is marked as the key would be.
  const accepted =
    question.acceptedAnswerIds?.length && typeof answer.answerId === 'number' && question.acceptedAnswerIds.includes(answer.answerId);
  const score = kind.score(accepted ? { ...question, correctAnswerId: answer.answerId as number } : question, answer);
  // A dropped question keeps the answer's verdict for the student's report but counts no marks either way.
  return question.award === 'dropped' ? { ...score, marksAwarded: 0, negativeLost: 0 } : score;
}

export interface AttemptScore {
  scored: number;
  total: number;
  negativeMarksLost: number;
  pendingEvaluation: boolean;
}

export function sumScores(questions: ScorableQuestion[], scores: QuestionScore[]): AttemptScore {
  return {
    scored: roundMarks(scores.reduce((sum, s) => sum + s.marksAwarded, 0)),
    total: roundMarks(questions.reduce((sum, q) => sum + q.marks, 0)),
    negativeMarksLost: roundMarks(scores.reduce((sum, s) => sum + s.negativeLost, 0)),
    pendingEvaluation: scores.some((s) => s.status === 'pending'),
  };
}

/** A mapped question of a test, as the scorer sees it (its key included). */
export function scorable(map: MappedQuestion): ScorableQuestion {
  const q = map.question;
  return {
    questionID: q.id,
    questionType: q.questionType as QuestionType,
    // A dropped question counts for nothing, in the marks and in the total.
    marks: q.award === 'dropped' ? 0 : map.marks,
    negativeMarks: map.negativeMarks,
    allowsPartialCredit: q.allowsPartialCredit,
    numericTolerance: q.numericTolerance,
    correctAnswerId: q.correctAnswerId ?? null,
    correctAnswerData: q.correctAnswerData ?? null,
    settings: q.settings,
    award: q.award,
    acceptedAnswerIds: q.acceptedAnswerIds,
  };
}

/** The scorer's view of a saved answer row. */
export function scorableAnswer(answer: ScorableAnswer | undefined): ScorableAnswer | undefined {
  return answer && { answerId: answer.answerId, answerData: answer.answerData, evaluatedFraction: answer.evaluatedFraction, teacherMarks: answer.teacherMarks };
}

/** Scores every question of a test from an attempt's saved answers and the key, in the test's order. */
export function scoreAll(bundle: { maps: MappedQuestion[] }, answers: Array<ScorableAnswer & { questionTaskMapId: number }>): { scores: QuestionScore[]; totals: AttemptScore } {
  const byMap = new Map(answers.map((a) => [a.questionTaskMapId, a]));
  const questions = bundle.maps.map(scorable);
  const scores = bundle.maps.map((map, i) => scoreAnswer(questions[i]!, scorableAnswer(byMap.get(map.mapId))));
  return { scores, totals: sumScores(questions, scores) };
}

/** Scored by an evaluation (code runner, office evaluator) rather than by the key. */
export function isEvaluatedType(type: string): boolean {
  const marking = serverKindOf(type)?.marking;
  return marking === 'runner' || marking === 'office';
}
