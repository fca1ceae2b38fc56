import type { SQL } from 'drizzle-orm';
import type { examAttempts } from '../../db/schema/index.js';

/* What the exam's repositories share (decision 089): the attempt's row, and lists of ids sent in pieces. */

export type AttemptRow = typeof examAttempts.$inferSelect;
/** A statement (or an expression) another statement runs as one of its parts: the close writes with it. */
export type Statement = SQL;
/**
 * Statements another statement runs as its parts, in order. The same object given for several
 * attempts written together (a layout their summaries share) is run once.
 */
export type Statements = Statement | readonly Statement[];

/** Ids per statement where a list of them is sent as parameters (PostgreSQL takes at most 65,535). */
export const IDS_PER_STATEMENT = 5000;

/** Runs `fn` on the ids in pieces of IDS_PER_STATEMENT, in order, and joins what they return. */
export async function inPieces<T>(ids: string[], fn: (piece: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_STATEMENT) out.push(...(await fn(ids.slice(from, from + IDS_PER_STATEMENT))));
  return out;
}

/** Both drivers hand back timestamps from row_to_json as strings; bigint counts as strings. */
export const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));
