import type { KindMarking, KindQuestion, PlayerPart, QuestionScore, ScorableAnswer, ScorableQuestion, ServerQuestionKind } from '../question-kinds.types.js';
import { UNANSWERED, correct, partial, revealKey, wrong } from '../scoring.js';

/** The evaluation's fraction (runner cases passed, office checks met) decides; never evaluated is no score and no negative mark. */
export function scoreEvaluated(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  const fraction = answer.evaluatedFraction;
  if (fraction === null) {
    const answered = answer.answerData !== null && answer.answerData !== undefined;
    return answered ? { status: 'wrong', marksAwarded: 0, negativeLost: 0 } : UNANSWERED;
  }
  const clamped = Math.min(Math.max(fraction, 0), 1);
  if (clamped >= 1) return correct(question);
  if (clamped > 0 && question.allowsPartialCredit) return partial(question, clamped);
  return wrong(question);
}

/** A kind scored by an evaluation: decided once the evaluation has recorded its fraction. */
export function evaluatedKind(marking: Extract<KindMarking, 'runner' | 'office'>, playerPart: (question: KindQuestion) => PlayerPart): ServerQuestionKind {
  return {
    score: scoreEvaluated,
    isDecided: (answer) => answer?.evaluatedFraction != null,
    marking,
    playerPart,
    reveal: revealKey,
    itemStatistics: 'none',
    paperAnswer: null,
    exchange: { moodleXml: null, gift: null, template: null, aiken: false },
  };
}
