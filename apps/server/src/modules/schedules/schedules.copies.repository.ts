import type { Db } from '../../db/client.js';
import { insertCopiedRows, updateCopiedRow } from '../../db/copied-rows.js';
import { testSchedules } from '../../db/schema/index.js';

/**
 * What an exam centre copies of the schedules (decision 099): a loaded exam's test window, written
 * in the centre's own tables on its transaction `db`.
 */
export function createScheduleCopies(db: Db) {
  return {
    /** Updates a copied window; false when it is gone. */
    updateCopy: (id: number, values: Record<string, unknown>): Promise<boolean> => updateCopiedRow(db, testSchedules, id, values),

    /** Inserts copied windows in one statement; their ids, in the order given. */
    insertCopies: (rows: Array<Record<string, unknown>>): Promise<number[]> => insertCopiedRows(db, testSchedules, rows),
  };
}

export type ScheduleCopies = ReturnType<typeof createScheduleCopies>;
