import { z } from 'zod';
import { ORDERING_ITEMS_MAX, ORDERING_ITEMS_MIN } from './ordering.order.js';

const itemId = z.number().int();
const distinct = (ids: number[]) => new Set(ids).size === ids.length;

/** The key: the item ids in the correct order, each once. */
export const OrderingKeySchema = z.strictObject({
  order: z.array(itemId).min(ORDERING_ITEMS_MIN).max(ORDERING_ITEMS_MAX).refine(distinct),
});

/** The key as a create or update carries it: its rules (each item once) are the kind's, named in the caller's language. */
export const OrderingKeyInputSchema = z.strictObject({ order: z.array(itemId).max(ORDERING_ITEMS_MAX) });

/** A save: the item ids in the order the student put them, each once; or a Clear. */
export const OrderingAnswerSchema = z.object({
  answerID: z.array(itemId).min(ORDERING_ITEMS_MIN).max(ORDERING_ITEMS_MAX).refine(distinct).nullable(),
  answerData: z.null().optional(),
});
