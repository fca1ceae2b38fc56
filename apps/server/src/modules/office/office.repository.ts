import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { officeFiles, officeRuns } from '../../db/schema/index.js';

export type OfficeFileRow = typeof officeFiles.$inferSelect;
export type OfficeRunRow = typeof officeRuns.$inferSelect;

/** The office module's tables: working copies and evaluations. */
export function createOfficeRepository(db: Db) {
  return {
    async getFile(id: string): Promise<OfficeFileRow | undefined> {
      const [row] = await db.select().from(officeFiles).where(eq(officeFiles.id, id)).limit(1);
      return row;
    },

    async findFile(attemptId: string, questionId: number): Promise<OfficeFileRow | undefined> {
      const [row] = await db
        .select()
        .from(officeFiles)
        .where(and(eq(officeFiles.attemptId, attemptId), eq(officeFiles.questionId, questionId)))
        .limit(1);
      return row;
    },

    /** Inserts a working copy unless one exists for the attempt's question; returns the one that is there. */
    async insertFile(values: typeof officeFiles.$inferInsert): Promise<OfficeFileRow> {
      const [row] = await db.insert(officeFiles).values(values).onConflictDoNothing().returning();
      if (row) return row;
      const [existing] = await db
        .select()
        .from(officeFiles)
        .where(and(eq(officeFiles.attemptId, values.attemptId), eq(officeFiles.questionId, values.questionId)))
        .limit(1);
      return existing!;
    },

    /** A new version of the working copy, only if it is still at `fromVersion` (a concurrent save wins once). */
    async saveVersion(id: string, fromVersion: number, values: { storeKey: string; size: number; origin: string; savedAt: Date | null; now: Date }): Promise<OfficeFileRow | undefined> {
      const [row] = await db
        .update(officeFiles)
        .set({ storeKey: values.storeKey, size: values.size, origin: values.origin, savedAt: values.savedAt, version: fromVersion + 1, updatedAt: values.now })
        .where(and(eq(officeFiles.id, id), eq(officeFiles.version, fromVersion)))
        .returning();
      return row;
    },

    async insertRun(values: typeof officeRuns.$inferInsert): Promise<void> {
      await db.insert(officeRuns).values(values);
    },

    async getRun(id: string): Promise<OfficeRunRow | undefined> {
      const [row] = await db.select().from(officeRuns).where(eq(officeRuns.id, id)).limit(1);
      return row;
    },

    async setRunJob(id: string, jobId: string): Promise<void> {
      await db.update(officeRuns).set({ jobId }).where(eq(officeRuns.id, id));
    },

    async finishRun(id: string, values: { status: string; result: unknown; message: string | null; recorded: boolean; finishedAt: Date }): Promise<void> {
      await db
        .update(officeRuns)
        .set(values)
        .where(and(eq(officeRuns.id, id), eq(officeRuns.status, 'PE')));
    },

    async countPendingOf(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(officeRuns)
        .where(and(eq(officeRuns.userId, userId), eq(officeRuns.status, 'PE')));
      return Number(row?.n ?? 0);
    },
  };
}

export type OfficeRepository = ReturnType<typeof createOfficeRepository>;
