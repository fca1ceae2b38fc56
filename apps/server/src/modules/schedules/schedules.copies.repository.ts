import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { testSchedules } from '../../db/schema/index.js';

/**
 * What an exam centre copies of the schedules (decision 099): a loaded exam's test window, written
 * in the centre's own tables on its transaction `db`.
 */
export function createScheduleCopies(db: Db) {
  return {
    /** Updates a copied window; false when it is gone. */
    async updateCopy(id: number, values: Record<string, unknown>): Promise<boolean> {
      const updated = await db.update(testSchedules).set(values).where(eq(testSchedules.id, id)).returning({ id: testSchedules.id });
      return updated.length > 0;
    },

    /** Inserts copied windows in one statement; their ids, in the order given. */
    async insertCopies(rows: Array<Record<string, unknown>>): Promise<number[]> {
      if (!rows.length) return [];
      const inserted = await db
        .insert(testSchedules)
        .values(rows as Array<typeof testSchedules.$inferInsert>)
        .returning({ id: testSchedules.id });
      return inserted.map((row) => row.id);
    },
  };
}

export type ScheduleCopies = ReturnType<typeof createScheduleCopies>;
