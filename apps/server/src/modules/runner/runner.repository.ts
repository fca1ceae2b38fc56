import { and, asc, count, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { runs, type RunCaseJson } from '../../db/schema/index.js';

export type RunRow = typeof runs.$inferSelect;
export type NewRun = typeof runs.$inferInsert;
export type { RunCaseJson };

/** Shown in place of U+0000, which PostgreSQL's text and jsonb cannot hold: "␀" (SYMBOL FOR NULL). */
export const STORED_NUL = '\u2400';
// U+0000, and UTF-16 halves without their partner (not text in PostgreSQL either).
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A program's output is whatever it printed: before it is written, every string in a result is
 * made storable (NUL shown as ␀, a lone surrogate as U+FFFD), so a verdict is always stored.
 * Judging has already compared the raw bytes.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return value.replace(UNSTORABLE, (c) => (c === '\u0000' ? STORED_NUL : '\uFFFD')) as T;
  if (Array.isArray(value)) return value.map((item) => storable(item)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, storable(item)])) as T;
  }
  return value;
}

export function createRunnerRepository(db: Db) {
  return {
    async insert(values: NewRun): Promise<void> {
      await db.insert(runs).values(storable(values));
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
     * Claims up to `limit` waiting runs for this worker: unclaimed ones and those whose claim is
     * older than staleBefore (its worker died). Slots are shared fairly between students: each
     * waiting run's turn is the number of runs its student has running plus the number of that
     * student's runs queued before it, and the lowest turns go first (oldest first among equals).
     * So a student's second run starts only when no other student with fewer running runs waits.
     * SKIP LOCKED lets several server processes share one PostgreSQL queue without taking the
     * same run twice.
     */
    async claim(workerId: string, now: Date, staleBefore: Date, limit: number): Promise<RunRow[]> {
      return db.transaction(async (tx) => {
        const waiting = or(isNull(runs.claimedAt), lt(runs.claimedAt, staleBefore));
        const running = tx
          .select({ userId: runs.userId, n: count().as('running_n') })
          .from(runs)
          .where(and(eq(runs.status, 'PE'), gte(runs.claimedAt, staleBefore)))
          .groupBy(runs.userId)
          .as('running');
        const queued = tx
          .select({
            id: runs.id,
            createdAt: runs.createdAt,
            turn: sql<number>`(row_number() over (partition by ${runs.userId} order by ${runs.createdAt}, ${runs.id}) - 1 + coalesce(${running.n}, 0))`.as('turn'),
          })
          .from(runs)
          .leftJoin(running, eq(running.userId, runs.userId))
          .where(and(eq(runs.status, 'PE'), waiting))
          .as('queued');
        // A few more than needed: another worker may hold some of them locked right now.
        const ordered = await tx
          .select({ id: queued.id })
          .from(queued)
          .orderBy(asc(queued.turn), asc(queued.createdAt), asc(queued.id))
          .limit(limit * 4 + 8);
        if (ordered.length === 0) return [];
        const locked = await tx
          .select({ id: runs.id })
          .from(runs)
          .where(and(inArray(runs.id, ordered.map((row) => row.id)), eq(runs.status, 'PE'), waiting))
          .for('update', { skipLocked: true });
        const free = new Set(locked.map((row) => row.id));
        const chosen = ordered.map((row) => row.id).filter((id) => free.has(id)).slice(0, limit);
        if (chosen.length === 0) return [];
        return tx
          .update(runs)
          .set({ claimedBy: workerId, claimedAt: now, attempts: sql`${runs.attempts} + 1` })
          .where(inArray(runs.id, chosen))
          .returning();
      });
    },

    /** Writes the verdict, only while the run is still this worker's and pending. */
    async finish(id: string, workerId: string, status: string, result: unknown, now: Date): Promise<boolean> {
      const rows = await db
        .update(runs)
        .set({ status, result: storable(result), finishedAt: now, claimedBy: null, claimedAt: null })
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
