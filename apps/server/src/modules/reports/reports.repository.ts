import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attemptSummaries } from '../../db/schema/index.js';
import type { FirstAttemptRow } from './reports.dashboard.js';
import type { AttemptSummary } from './reports.summary.js';

/** A summary as the dashboards read it (item statistics read the parallel item arrays apart). */
export type SummaryRow = Omit<typeof attemptSummaries.$inferSelect, 'itemMapIds' | 'itemMarks' | 'itemStatuses' | 'itemChoices'>;

/** Every column of a summary but its key, set from the row an upsert offered. */
const REWRITE_FROM_OFFERED = Object.fromEntries(
  Object.entries(getTableColumns(attemptSummaries))
    .filter(([, column]) => column.name !== 'attempt_id')
    .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
);

/** Attempt summaries: written when an attempt is scored, read by every dashboard. */
export function createReportsRepository(db: Db) {
  return {
    /**
     * Writes (or rewrites) an attempt's summary. A rewrite takes the row it was offered
     * (`excluded`), so the summary's questions, topics and item arrays are sent once.
     */
    async upsertSummary(summary: AttemptSummary, isFirstAttempt: boolean, now: Date, tx: Db = db): Promise<void> {
      const values = { ...summary, isFirstAttempt, updatedAt: now };
      await tx.insert(attemptSummaries).values(values).onConflictDoUpdate({ target: attemptSummaries.attemptId, set: REWRITE_FROM_OFFERED });
    },

    /** upsertSummary as a statement for another to run (the close writes it with the scores); isFirstAttempt an expression. */
    summaryUpsert(summary: AttemptSummary, isFirstAttempt: SQL, now: Date): SQL {
      const values = { ...summary, isFirstAttempt, updatedAt: now };
      return db.insert(attemptSummaries).values(values).onConflictDoUpdate({ target: attemptSummaries.attemptId, set: REWRITE_FROM_OFFERED }).getSQL();
    },

    /** Of these attempts, those that have a summary. */
    async summarised(attemptIds: string[]): Promise<Set<string>> {
      if (!attemptIds.length) return new Set();
      const rows = await db.select({ id: attemptSummaries.attemptId }).from(attemptSummaries).where(inArray(attemptSummaries.attemptId, attemptIds));
      return new Set(rows.map((r) => r.id));
    },

    /** A student's summaries, oldest first. */
    async listForUser(userId: number): Promise<SummaryRow[]> {
      return db.select().from(attemptSummaries).where(eq(attemptSummaries.userId, userId)).orderBy(asc(attemptSummaries.submittedAt), asc(attemptSummaries.attemptId));
    },

    /** The first attempts of tasks, without their questions (rank, percentile), in a stable order. */
    async listFirstAttempts(taskIds: number[]): Promise<Omit<FirstAttemptRow, 'questions'>[]> {
      if (!taskIds.length) return [];
      return db
        .select({ attemptId: attemptSummaries.attemptId, userId: attemptSummaries.userId, taskId: attemptSummaries.taskId, scored: attemptSummaries.scored })
        .from(attemptSummaries)
        .where(and(inArray(attemptSummaries.taskId, taskIds), eq(attemptSummaries.isFirstAttempt, true)))
        .orderBy(asc(attemptSummaries.taskId), asc(attemptSummaries.attemptId));
    },

    /** The per-question figures of some attempts (the class's top 10 %, for time comparisons). */
    async listQuestionsOf(attemptIds: string[]): Promise<Map<string, SummaryRow['questions']>> {
      if (!attemptIds.length) return new Map();
      const rows = await db
        .select({ attemptId: attemptSummaries.attemptId, questions: attemptSummaries.questions })
        .from(attemptSummaries)
        .where(inArray(attemptSummaries.attemptId, attemptIds));
      return new Map(rows.map((r) => [r.attemptId, r.questions]));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
