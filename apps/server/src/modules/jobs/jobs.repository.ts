import { and, asc, count, desc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { JobState } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { jobItemErrors, jobs, userDirectory } from '../../db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  id: string;
  kind: string;
  payload: unknown;
  maxAttempts: number;
  runAfter: Date;
  requestedBy: number | null;
  createdAt: Date;
}

export interface Heartbeat {
  leaseUntil: Date;
  /** Set when progress changed since the last beat. */
  progress?: { done: number; total: number | null; errorCount: number };
  /** Item errors to keep (already capped by the caller). */
  errors?: Array<{ item: string; message: string }>;
}

/** How a finished attempt is written: an outcome, or back to queued for a retry. */
export type Outcome =
  | { state: 'succeeded'; result: unknown; finishedAt: Date }
  | { state: 'failed' | 'cancelled'; failure: string | null; finishedAt: Date }
  | { state: 'queued'; failure: string; runAfter: Date };

export function createJobsRepository(db: Db) {
  /** The row is still this worker's running attempt. */
  const heldBy = (id: string, workerId: string) => and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.leaseOwner, workerId));

  return {
    /** Jobs waiting to be claimed (queued, due now or later), across every process. */
    async countQueued(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.state, 'queued'));
      return row?.n ?? 0;
    },

    /** Inserts a queued job; the requester's institute is copied from their account. */
    async insert(job: NewJob): Promise<JobRow> {
      const instituteId: SQL | null =
        job.requestedBy === null ? null : sql`(select ${userDirectory.instituteId} from ${userDirectory} where ${userDirectory.id} = ${job.requestedBy})`;
      const [row] = await db
        .insert(jobs)
        .values({ ...job, state: 'queued', instituteId: instituteId as never })
        .returning();
      return row!;
    },

    async get(id: string): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },

    async listErrors(jobId: string, limit: number): Promise<Array<{ item: string; message: string }>> {
      return db
        .select({ item: jobItemErrors.item, message: jobItemErrors.message })
        .from(jobItemErrors)
        .where(eq(jobItemErrors.jobId, jobId))
        .orderBy(asc(jobItemErrors.id))
        .limit(limit);
    },

    async listRequestedBy(
      userId: number,
      filter: { kind?: string | undefined; state?: JobState | undefined; limit: number; offset: number },
    ): Promise<{ rows: JobRow[]; total: number }> {
      const where = and(
        eq(jobs.requestedBy, userId),
        filter.kind ? eq(jobs.kind, filter.kind) : undefined,
        filter.state ? eq(jobs.state, filter.state) : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        db.select().from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(filter.limit).offset(filter.offset),
        db.select({ n: count() }).from(jobs).where(where),
      ]);
      return { rows, total: totals?.n ?? 0 };
    },

    /**
     * Claims up to `limit` jobs of the given kinds for this worker: queued ones whose run_after
     * has come, oldest first, and running ones whose lease has expired (their worker died) with
     * attempts left. SKIP LOCKED lets several processes share the queue without taking one twice.
     * A claimed attempt starts clean: progress and item errors of an earlier attempt are dropped.
     */
    async claim(workerId: string, kinds: string[], now: Date, leaseUntil: Date, limit: number): Promise<JobRow[]> {
      if (kinds.length === 0 || limit <= 0) return [];
      return db.transaction(async (tx) => {
        const candidates = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(
            and(
              inArray(jobs.kind, kinds),
              or(
                and(eq(jobs.state, 'queued'), lte(jobs.runAfter, now)),
                and(eq(jobs.state, 'running'), lt(jobs.leaseExpiresAt, now), lt(jobs.attempts, jobs.maxAttempts)),
              ),
            ),
          )
          .orderBy(asc(jobs.runAfter), asc(jobs.createdAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (candidates.length === 0) return [];
        const ids = candidates.map((c) => c.id);
        await tx.delete(jobItemErrors).where(inArray(jobItemErrors.jobId, ids));
        return tx
          .update(jobs)
          .set({
            state: 'running',
            leaseOwner: workerId,
            leaseExpiresAt: leaseUntil,
            attempts: sql`${jobs.attempts} + 1`,
            startedAt: sql`coalesce(${jobs.startedAt}, ${now.toISOString()}::timestamptz)`,
            progressDone: 0,
            progressTotal: null,
            errorCount: 0,
          })
          .where(inArray(jobs.id, ids))
          .returning();
      });
    },

    /**
     * Running jobs whose worker died: cancelled if that was asked for, failed if it was their
     * last allowed attempt (the others are claimed again).
     */
    async endAbandoned(now: Date, failure: string): Promise<number> {
      const abandoned = and(eq(jobs.state, 'running'), lt(jobs.leaseExpiresAt, now));
      const cancelled = await db
        .update(jobs)
        .set({ state: 'cancelled', finishedAt: now, leaseOwner: null, leaseExpiresAt: null })
        .where(and(abandoned, eq(jobs.cancelRequested, true)))
        .returning({ id: jobs.id });
      const failed = await db
        .update(jobs)
        .set({ state: 'failed', failure, finishedAt: now, leaseOwner: null, leaseExpiresAt: null })
        .where(and(abandoned, sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
        .returning({ id: jobs.id });
      return cancelled.length + failed.length;
    },

    /** Embedded database at start: this process is the only worker, so every lease has ended. */
    async expireAllLeases(now: Date): Promise<number> {
      const rows = await db
        .update(jobs)
        .set({ leaseExpiresAt: new Date(now.getTime() - 1) })
        .where(eq(jobs.state, 'running'))
        .returning({ id: jobs.id });
      return rows.length;
    },

    /**
     * Extends the lease and writes progress and item errors, while the job is still this
     * worker's. Says whether it still is, and whether its cancellation was asked for.
     */
    async heartbeat(id: string, workerId: string, beat: Heartbeat): Promise<{ held: boolean; cancelRequested: boolean }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(jobs)
          .set({
            leaseExpiresAt: beat.leaseUntil,
            ...(beat.progress
              ? { progressDone: beat.progress.done, progressTotal: beat.progress.total, errorCount: beat.progress.errorCount }
              : {}),
          })
          .where(heldBy(id, workerId))
          .returning({ cancelRequested: jobs.cancelRequested });
        if (!row) return { held: false, cancelRequested: false };
        if (beat.errors?.length) await tx.insert(jobItemErrors).values(beat.errors.map((e) => ({ jobId: id, ...e })));
        return { held: true, cancelRequested: row.cancelRequested };
      });
    },

    /** Writes how the attempt ended, only while it is still this worker's. */
    async finish(id: string, workerId: string, outcome: Outcome): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ ...outcome, leaseOwner: null, leaseExpiresAt: null })
        .where(heldBy(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * Writes the job's success inside the caller's transaction (`tx`), so that the work and its
     * outcome commit together: a crash after the commit leaves a succeeded job, never one that
     * reports failure with everything written. False when the job is no longer this worker's.
     */
    async succeedIn(
      tx: Db,
      id: string,
      workerId: string,
      outcome: { result: unknown; finishedAt: Date; progress: { done: number; total: number | null } },
    ): Promise<boolean> {
      const rows = await tx
        .update(jobs)
        .set({
          state: 'succeeded',
          result: outcome.result,
          finishedAt: outcome.finishedAt,
          progressDone: outcome.progress.done,
          progressTotal: outcome.progress.total,
          leaseOwner: null,
          leaseExpiresAt: null,
        })
        .where(heldBy(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Replaces the result of a job that already succeeded (what happened after its commit). */
    async updateResult(id: string, result: unknown): Promise<void> {
      await db.update(jobs).set({ result }).where(and(eq(jobs.id, id), eq(jobs.state, 'succeeded')));
    },

    /** Shutdown: the attempt was interrupted, not failed; it goes back to the queue uncounted. */
    async release(id: string, workerId: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ state: 'queued', leaseOwner: null, leaseExpiresAt: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
        .where(heldBy(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** A queued job is cancelled at once; a running one is flagged for its worker to stop. */
    async requestCancel(id: string, now: Date): Promise<JobRow | null> {
      const [queued] = await db
        .update(jobs)
        .set({ state: 'cancelled', finishedAt: now, cancelRequested: true })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'queued')))
        .returning();
      if (queued) return queued;
      const [running] = await db
        .update(jobs)
        .set({ cancelRequested: true })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
        .returning();
      return running ?? null;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
