import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/client.js';
import { attemptSummaries, summaryLayouts } from '../../../db/schema/index.js';
import type { SummaryLayoutQuestion, SummaryQuestion, SummaryTopic } from '../../../db/schema/reports.js';
import { questionsOf, topicFiguresOf } from './reports.summary.js';

type StoredSummary = typeof attemptSummaries.$inferSelect;
/** The item arrays a summary's questions are made whole from (with its layout). */
type ItemColumns = 'layoutKey' | 'itemMapIds' | 'itemMarks' | 'itemStatuses' | 'itemChoices' | 'itemTimes' | 'itemChanges' | 'itemFirstStatuses';
/**
 * A summary as the dashboards read it: its figures and its questions whole (questionsOf: the
 * layout's entries with the attempt's item arrays; item statistics read the arrays apart; the subject totals, `subjects`).
 */
export type SummaryRow = Omit<StoredSummary, ItemColumns | 'subjects'> & { questions: SummaryQuestion[] };
/** A summary with its topics' figures as well (topicFiguresOf). */
export type WholeSummary = StoredSummary & { questions: SummaryQuestion[]; topics: SummaryTopic[] };
/** A task's first attempt: who, what they scored, and (for the top 10 % at least) their questions. */
export type FirstAttemptRow = Pick<SummaryRow, 'attemptId' | 'userId' | 'taskId' | 'scored' | 'questions'>;

/** Layouts read, by key: a layout never changes and its key is a digest of it, so any process may keep it. */
const layoutCache = new LRUCache<string, readonly SummaryLayoutQuestion[]>({ max: 200 });

/** Attempt summaries as the dashboards read them: the student's own, a parent's and the institution's. */
export function createSummariesRepository(db: Db) {
  /** The layouts of these keys (those read before from the cache). */
  async function layoutsOf(keys: Iterable<string>): Promise<Map<string, readonly SummaryLayoutQuestion[]>> {
    const out = new Map<string, readonly SummaryLayoutQuestion[]>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const known = layoutCache.get(key);
      if (known) out.set(key, known);
      else missing.push(key);
    }
    if (missing.length) {
      const rows = await db.select({ key: summaryLayouts.key, questions: summaryLayouts.questions }).from(summaryLayouts).where(inArray(summaryLayouts.key, missing));
      for (const row of rows) {
        layoutCache.set(row.key, row.questions);
        out.set(row.key, row.questions);
      }
    }
    return out;
  }

  /** Stored summaries with their questions made whole from their layouts. */
  async function withQuestions<T extends Pick<StoredSummary, ItemColumns>>(rows: T[]): Promise<(T & { questions: SummaryQuestion[] })[]> {
    const layouts = await layoutsOf(rows.map((r) => r.layoutKey));
    return rows.map((row) => ({ ...row, questions: questionsOf(row, layouts.get(row.layoutKey) ?? []) }));
  }

  const stored = (where: SQL | undefined) => db.select().from(attemptSummaries).where(where).orderBy(asc(attemptSummaries.submittedAt), asc(attemptSummaries.attemptId));

  return {
    /** A student's summaries, oldest first. */
    async listForUser(userId: number): Promise<SummaryRow[]> {
      return withQuestions(await stored(eq(attemptSummaries.userId, userId)));
    },

    /** Summaries whole (their questions and topics' figures), oldest first: for checks and exports of single attempts. */
    async summariesOf(attemptIds: string[]): Promise<WholeSummary[]> {
      if (!attemptIds.length) return [];
      const rows = await withQuestions(await stored(inArray(attemptSummaries.attemptId, attemptIds)));
      return rows.map((row) => ({ ...row, topics: topicFiguresOf(row.questions) }));
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
    async listQuestionsOf(attemptIds: string[]): Promise<Map<string, SummaryQuestion[]>> {
      if (!attemptIds.length) return new Map();
      const rows = await db
        .select({
          attemptId: attemptSummaries.attemptId,
          layoutKey: attemptSummaries.layoutKey,
          itemMapIds: attemptSummaries.itemMapIds,
          itemMarks: attemptSummaries.itemMarks,
          itemStatuses: attemptSummaries.itemStatuses,
          itemChoices: attemptSummaries.itemChoices,
          itemTimes: attemptSummaries.itemTimes,
          itemChanges: attemptSummaries.itemChanges,
          itemFirstStatuses: attemptSummaries.itemFirstStatuses,
        })
        .from(attemptSummaries)
        .where(inArray(attemptSummaries.attemptId, attemptIds));
      return new Map((await withQuestions(rows)).map((r) => [r.attemptId, r.questions]));
    },
  };
}

export type SummariesRepository = ReturnType<typeof createSummariesRepository>;
