import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import type { tasks } from './schema/index.js';

/*
 * Rows an exam centre copies whole (decision 099): each owner's copies repository writes its own
 * tables with these. Every copied table has the same integer identity `id`; the builder is typed
 * with one of them.
 */
type CopiedTable = typeof tasks;

/** Updates a copied row; false when it is gone. */
export async function updateCopiedRow(db: Db, table: unknown, id: number, values: Record<string, unknown>): Promise<boolean> {
  const copied = table as CopiedTable;
  const updated = await db.update(copied).set(values).where(eq(copied.id, id)).returning({ id: copied.id });
  return updated.length > 0;
}

/** Inserts copied rows in one statement; their ids, in the order given (RETURNING keeps the order of VALUES). */
export async function insertCopiedRows(db: Db, table: unknown, rows: Array<Record<string, unknown>>): Promise<number[]> {
  if (!rows.length) return [];
  const copied = table as CopiedTable;
  const inserted = await db
    .insert(copied)
    .values(rows as Array<CopiedTable['$inferInsert']>)
    .returning({ id: copied.id });
  return inserted.map((row) => row.id);
}
