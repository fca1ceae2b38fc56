import { asOrderingKey, isPermutationOf, orderingFraction, shuffledItems } from '@app/contracts';
import type { KindQuestion, QuestionScore, ScorableAnswer, ScorableQuestion, ServerQuestionKind } from '../question-kinds.types.js';
import { UNANSWERED, basePlayerPart, correct, isDecidedNow, partial, wrong } from '../scoring.js';

/** The stored key, when it is one. */
export const orderingKeyOf = asOrderingKey;

const idsOf = (answerId: unknown): number[] | null =>
  Array.isArray(answerId) && answerId.every((id): id is number => typeof id === 'number' && Number.isInteger(id)) ? answerId : null;

/**
 * Full marks for the key's order. Otherwise, when the test allows partial credit, Moodle's
 * "relative to the next item (excluding last)": the share of items placed directly before their
 * successor in the key. No such pair (or no partial credit) is wrong, with the negative mark.
 */
export function scoreOrdering(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  const given = idsOf(answer.answerId);
  if (!given || given.length === 0) return UNANSWERED;
  const key = orderingKeyOf(question.correctAnswerData);
  if (!key || !isPermutationOf(given, key.order)) return wrong(question);
  const fraction = orderingFraction(given, key.order);
  if (fraction === 1) return correct(question);
  return question.allowsPartialCredit && fraction > 0 ? partial(question, fraction) : wrong(question);
}

/**
 * The items in a stable order for the question as placed (the seed), never the key's order, so
 * neither the list nor its order gives the key away: the test's content, the same for every student.
 */
function orderingPlayerPart(question: KindQuestion, seed = '') {
  const part = basePlayerPart(question);
  const key = orderingKeyOf(question.correctAnswerData)?.order ?? [];
  return { ...part, answer: shuffledItems(part.answer, key, `${seed}:${question.data}`) };
}

/** The items' ids as one attempt shows them (Moodle shuffles per attempt): a shuffle for the seed, never the key's order. */
function orderingAttemptOrder(question: KindQuestion, seed: string): number[] {
  const key = orderingKeyOf(question.correctAnswerData)?.order ?? [];
  return shuffledItems(question.options, key, `${seed}:${question.data}`).map((o) => o.answerID);
}

/** Ordering: the items shuffled for the player, the key revealed as the ids in order, no option statistics. */
export const orderingServerKind: ServerQuestionKind = {
  score: scoreOrdering,
  isDecided: isDecidedNow,
  marking: 'key',
  playerPart: orderingPlayerPart,
  attemptOrder: orderingAttemptOrder,
  fitsQuestion: (question, answerId) => {
    const given = idsOf(answerId);
    return given !== null && isPermutationOf(given, question.options.map((o) => o.answerID));
  },
  reveal: (question) => ({ correctAnswerID: null, correctAnswerData: orderingKeyOf(question.correctAnswerData) }),
  // No options to analyse: the item statistics give the share right, partly right, wrong and unanswered.
  itemStatistics: 'none',
  paperAnswer: null,
  exchange: { moodleXml: { form: 'ordering', partialCreditByDefault: false }, gift: null, template: null, aiken: false },
};
