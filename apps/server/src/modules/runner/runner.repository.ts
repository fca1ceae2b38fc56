import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { runs, type RunCaseJson } from '../../db/schema/index.js';

export type RunRow = typeof runs.$inferSelect;
export type NewRun = typeof runs.$inferInsert;
export type { RunCaseJson };

export function createRunnerRepository(db: Db) {
  return {
    async insert(values: NewRun): Promise<void> {
      await db.insert(runs).values(values);
    },

    async get(id: string): Promise<RunRow | null> {
      const [row] = await db.select().from(runs).where(eq(runs.id, id));
      return row ?? null;
    },

    async countPendingOf(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(runs)
        .where(and(eq(runs.userId, userId), eq(runs.status, 'PE')));
      return row?.n ?? 0;
    },

    async countPending(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(runs).where(eq(runs.status, 'PE'));
      return row?.n ?? 0;
    },

    /**
     * Claims up to `limit` waiting runs for this worker, oldest first: unclaimed ones and those
     * whose claim is older than staleBefore (its worker died). SKIP LOCKED lets several server
     * processes share one PostgreSQL queue without taking the same run twice.
     */
    async claim(workerId: string, now: Date, staleBefore: Date, limit: number): Promise<RunRow[]> {
      return db.transaction(async (tx) => {
        const candidates = await tx
          .select({ id: runs.id })
          .from(runs)
          .where(and(eq(runs.status, 'PE'), or(isNull(runs.claimedAt), lt(runs.claimedAt, staleBefore))))
          .orderBy(asc(runs.createdAt), asc(runs.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (candidates.length === 0) return [];
        return tx
          .update(runs)
          .set({ claimedBy: workerId, claimedAt: now, attempts: sql`${runs.attempts} + 1` })
          .where(inArray(runs.id, candidates.map((c) => c.id)))
          .returning();
      });
    },

    /** Writes the verdict, only while the run is still this worker's and pending. */
    async finish(id: string, workerId: string, status: string, result: unknown, now: Date): Promise<boolean> {
      const rows = await db
        .update(runs)
        .set({ status, result, finishedAt: now, claimedBy: null, claimedAt: null })
        .where(and(eq(runs.id, id), eq(runs.status, 'PE'), eq(runs.claimedBy, workerId)))
        .returning({ id: runs.id });
      return rows.length > 0;
    },

    /** At start: releases every pending claim (one process owns an embedded database). */
    async releaseAllClaims(): Promise<number> {
      const rows = await db
        .update(runs)
        .set({ claimedBy: null, claimedAt: null })
        .where(and(eq(runs.status, 'PE'), sql`${runs.claimedBy} is not null`))
        .returning({ id: runs.id });
      return rows.length;
    },

    /** Pending runs that were already tried too often: they end as internal errors. */
    async failExhausted(maxAttempts: number, status: string, result: unknown, now: Date, staleBefore: Date): Promise<number> {
      const rows = await db
        .update(runs)
        .set({ status, result, finishedAt: now, claimedBy: null, claimedAt: null })
        .where(
          and(
            eq(runs.status, 'PE'),
            sql`${runs.attempts} >= ${maxAttempts}`,
            or(isNull(runs.claimedAt), lt(runs.claimedAt, staleBefore)),
          ),
        )
        .returning({ id: runs.id });
      return rows.length;
    },
  };
}

export type RunnerRepository = ReturnType<typeof createRunnerRepository>;
