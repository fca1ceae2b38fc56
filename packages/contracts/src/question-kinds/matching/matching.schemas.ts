import { z } from 'zod';
import { MATCHING_ANSWER_MARKER, MATCHING_CODE_COUNT, MATCHING_LIST_MAX, MATCHING_LIST_MIN, MATCHING_PRESENTATIONS } from './matching.pairs.js';

const itemId = z.number().int().min(1).max(1000);

/** The key: how the question is presented and which list II item each list I item goes with. */
export const MatchingKeySchema = z.strictObject({
  presentation: z.enum(MATCHING_PRESENTATIONS),
  pairs: z.array(z.strictObject({ left: itemId, right: itemId })).min(MATCHING_LIST_MIN).max(MATCHING_LIST_MAX),
});

const idText = z.string().regex(/^\d{1,4}$/);

/**
 * A save: for the pairs presentation the marker `pairs` and the chosen pairs (list I id → list II
 * id, as texts in the one-value list answers already use; an item not yet matched is absent); for
 * the coded presentation one of the four codes (1–4); or a Clear.
 */
export const MatchingAnswerSchema = z.union([
  z.object({ answerID: z.number().int().min(1).max(MATCHING_CODE_COUNT).nullable(), answerData: z.null().optional() }),
  z.object({
    answerID: z.literal(MATCHING_ANSWER_MARKER),
    answerData: z.array(z.object({ id: idText, value: idText })).min(1).max(MATCHING_LIST_MAX),
  }),
]);
