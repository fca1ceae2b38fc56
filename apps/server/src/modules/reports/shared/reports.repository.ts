import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { attemptSummaries } from '../../../db/schema/index.js';

/** A summary as the dashboards read it (item statistics read the parallel item arrays apart; the subject totals, `subjects`). */
export type SummaryRow = Omit<typeof attemptSummaries.$inferSelect, 'itemMapIds' | 'itemMarks' | 'itemStatuses' | 'itemChoices' | 'subjects'>;
/** A task's first attempt: who, what they scored, and (for the top 10 % at least) their questions. */
export type FirstAttemptRow = Pick<SummaryRow, 'attemptId' | 'userId' | 'taskId' | 'scored' | 'questions'>;

/** Attempt summaries as the dashboards read them: the student's own, a parent's and the institution's. */
export function createSummariesRepository(db: Db) {
  return {
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

export type SummariesRepository = ReturnType<typeof createSummariesRepository>;
