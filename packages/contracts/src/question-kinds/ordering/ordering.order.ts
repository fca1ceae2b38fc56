import { seededOrder } from '../../common/seeded-order.js';
/** The fewest and most items an ordering question has. */
export const ORDERING_ITEMS_MIN = 3;
export const ORDERING_ITEMS_MAX = 10;

/** The key of an ordering question: its item ids in the correct order. */
export interface OrderingKey {
  order: number[];
}

/** The stored key, when the data is one: a plain check without zod (scoring and the player read it). */
export function asOrderingKey(data: unknown): OrderingKey | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const order = (data as { order?: unknown }).order;
  if (!Array.isArray(order) || order.length === 0) return null;
  if (!order.every((id): id is number => typeof id === 'number' && Number.isInteger(id))) return null;
  return new Set(order).size === order.length ? { order: [...order] } : null;
}

/** True when `ids` holds each of `items` exactly once (in any order). */
export function isPermutationOf(ids: readonly number[], items: readonly number[]): boolean {
  if (ids.length !== items.length) return false;
  const wanted = new Set(items);
  return new Set(ids).size === ids.length && ids.every((id) => wanted.has(id));
}


/**
 * The items as a student first sees them: a stable shuffle for the seed that is never the correct
 * order (when it would be, the shuffle is turned by one place), so the order shown gives nothing away.
 */
export function shuffledItems<T extends { answerID: number }>(items: readonly T[], key: readonly number[], seed: string): T[] {
  const out = seededOrder(items, seed);
  const isKeyOrder = out.length === key.length && out.every((item, i) => item.answerID === key[i]);
  return isKeyOrder && out.length > 1 ? [...out.slice(1), out[0]!] : out;
}

/**
 * Moodle's "relative to the next item (excluding last)" grading: one point for each item the student
 * placed directly before the item that follows it in the key; the share of the n − 1 points.
 */
export function orderingFraction(answer: readonly number[], key: readonly number[]): number {
  if (key.length < 2) return answer.length === key.length && answer.every((id, i) => id === key[i]) ? 1 : 0;
  const nextInKey = new Map<number, number>();
  for (let i = 0; i + 1 < key.length; i++) nextInKey.set(key[i]!, key[i + 1]!);
  let points = 0;
  for (let i = 0; i + 1 < answer.length; i++) if (nextInKey.get(answer[i]!) === answer[i + 1]) points++;
  return points / (key.length - 1);
}

/**
 * Ids for `count` items listed in the correct order: 1..count in a stable shuffle for the seed,
 * never 1, 2, 3…, so that the ids a player receives say nothing of the order either.
 */
export function scrambledItemIds(count: number, seed: string): number[] {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  return shuffledItems(ids.map((answerID) => ({ answerID })), ids, seed).map((item) => item.answerID);
}
