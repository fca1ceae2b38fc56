import { asMatchingKey, isCodeId, matchingAnswerOf, type MatchingKey } from '@app/contracts';
import { scoreSingleChoice } from '../families/choice.js';
import type { QuestionScore, ScorableAnswer, ScorableQuestion, ServerQuestionKind } from '../question-kinds.types.js';
import { UNANSWERED, basePlayerPart, correct, isDecidedNow, partial, wrong } from '../scoring.js';

/** The stored key, when it is one. */
export const matchingKeyOf = (data: unknown): MatchingKey | null => asMatchingKey(data);

/**
 * Pairs: full marks when every list I item is matched right; with partial credit, the share of
 * right pairs when at least one is right; otherwise the negative mark. Nothing matched is
 * unanswered. Coded: one of the four codes, right or wrong, as a single-choice question.
 */
export function scoreMatching(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  const key = matchingKeyOf(question.correctAnswerData);
  if (key?.presentation === 'coded') return typeof answer.answerId === 'number' ? scoreSingleChoice(question, answer) : answer.answerId === null || answer.answerId === undefined ? UNANSWERED : wrong(question);
  if (answer.answerId === null || answer.answerId === undefined) return UNANSWERED;
  const chosen = matchingAnswerOf(answer.answerData);
  if (chosen.size === 0) return UNANSWERED;
  if (!key) return wrong(question);
  const right = key.pairs.filter((p) => chosen.get(p.left) === p.right).length;
  if (right === key.pairs.length && chosen.size === key.pairs.length) return correct(question);
  if (question.allowsPartialCredit && right > 0) return partial(question, right / key.pairs.length);
  return wrong(question);
}

/**
 * Match list I with list II: the player gets both lists (and the four codes when coded), never the
 * pairs; the reveal gives the pairs (and the right code), which the player and the report render
 * with the lists. Item statistics count the four codes of a coded question; a question matched in
 * pairs has no options to analyse (its share right, partial and wrong is reported).
 */
export const matchingServerKind: ServerQuestionKind = {
  score: scoreMatching,
  isDecided: isDecidedNow,
  marking: 'key',
  playerPart: basePlayerPart,
  reveal: (question) => {
    const key = matchingKeyOf(question.correctAnswerData);
    return { correctAnswerID: key?.presentation === 'coded' && typeof question.correctAnswerId === 'number' ? question.correctAnswerId : null, correctAnswerData: key };
  },
  itemStatistics: (question) => (matchingKeyOf(question.correctAnswerData)?.presentation === 'coded' ? question.options.map((o) => o.answerID).filter(isCodeId) : []),
  paperAnswer: null,
  exchange: { moodleXml: { form: 'match', partialCreditByDefault: true }, gift: 'matching', template: null, aiken: false },
};
