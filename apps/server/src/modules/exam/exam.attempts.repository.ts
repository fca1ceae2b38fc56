import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attemptQuestionVersions, examAttempts } from '../../db/schema/index.js';
import { STATUS_LETTER, type QuestionScore } from '../../question-kinds/index.js';
import type { AttemptTiming } from './exam.timing.js';
import { inPieces, type AttemptRow, type Statements } from './exam.shared.repository.js';

/*
 * Attempt rows (exam_attempts): reads, locks, totals and scores, the submit's and the sweeper's
 * lists, the player's state, paper attempts. The start's statements are in exam.starts.repository.ts.
 */

/** The live room's "seen" stamp is written at most this often per attempt. */
const SEEN_STAMP_SECONDS = 10;

/** One attempt's scores to write: its marks per question, its row's new values, and what is recorded with them. */
export interface ScoresToWrite {
  attemptId: string;
  marks: { mapIds: number[]; scores: { marksAwarded: number; status: QuestionScore['status'] }[] };
  attempt: Partial<typeof examAttempts.$inferInsert>;
  also?: Statements | undefined;
}

/**
 * Attempts' scores in one statement: each attempt's row (its totals, and its questions' marks and
 * letters kept once on it: three arrays, decision 086) with what is recorded with it, and `more`
 * that goes with them all, as the data-modifying parts of one WITH.
 */
async function writeScoresOf(tx: Db, writes: ScoresToWrite[], more: SQL[] = []): Promise<void> {
  const seen = new Set<SQL>();
  const parts = writes.flatMap((write, i) => {
    const scores = write.marks.scores;
    const items = {
      itemMapIds: sql`${`{${write.marks.mapIds.join(',')}}`}::int[]`,
      itemMarks: sql`${`{${scores.map((s) => s.marksAwarded).join(',')}}`}::float8[]`,
      itemStatuses: scores.map((s) => STATUS_LETTER[s.status]).join(''),
    };
    const totals = tx.update(examAttempts).set({ ...write.attempt, ...items }).where(eq(examAttempts.id, write.attemptId));
    // A statement already given (the same object) for another attempt is run once.
    const also = (write.also === undefined ? [] : Array.isArray(write.also) ? write.also : [write.also as SQL]).filter((s) => !seen.has(s) && seen.add(s));
    return [sql`${sql.raw(`totals${i}`)} AS ${totals}`, ...also.map((s, j) => sql`${sql.raw(`recorded${i}_${j}`)} AS (${s})`)];
  });
  parts.push(...more.map((statement, i) => sql`${sql.raw(`more${i}`)} AS (${statement})`));
  if (parts.length) await tx.execute(sql`WITH ${sql.join(parts, sql`, `)} SELECT 1`);
}

export function createExamAttemptsRepository(db: Db) {
  return {
    /** An attempt by id; a prepared one is no attempt yet (decision 078) and is not found. */
    async getAttempt(id: string): Promise<AttemptRow | undefined> {
      const [row] = await db.select().from(examAttempts).where(and(eq(examAttempts.id, id), ne(examAttempts.status, 'prepared'))).limit(1);
      return row;
    },

    /** Attempts per task, any status but prepared (decision 078: not an attempt until started). */
    async countAttemptsByTask(taskIds: number[]): Promise<Map<number, number>> {
      if (!taskIds.length) return new Map();
      const rows = await db
        .select({ taskId: examAttempts.taskId, n: sql<number>`count(*)` })
        .from(examAttempts)
        .where(and(inArray(examAttempts.taskId, taskIds), ne(examAttempts.status, 'prepared')))
        .groupBy(examAttempts.taskId);
      return new Map(rows.map((r) => [r.taskId, Number(r.n)]));
    },

    /** The student's latest attempt per task, for the academy's task list. */
    async latestAttempts(userId: number, taskIds: number[]) {
      if (!taskIds.length) return [];
      return db
        .selectDistinctOn([examAttempts.taskId], {
          taskId: examAttempts.taskId,
          id: examAttempts.id,
          status: examAttempts.status,
          scored: examAttempts.scored,
          total: examAttempts.total,
          submittedAt: examAttempts.submittedAt,
        })
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, userId), inArray(examAttempts.taskId, taskIds), ne(examAttempts.status, 'prepared')))
        .orderBy(examAttempts.taskId, desc(examAttempts.startedAt));
    },

    /** One of the user's attempts on a served set (the content resource's scope check; an indexed lookup). */
    async findAttemptOnServedSet(userId: number, setId: number): Promise<{ id: string; taskId: number } | undefined> {
      const [row] = await db
        .select({ id: examAttempts.id, taskId: examAttempts.taskId })
        .from(examAttempts)
        .where(and(eq(examAttempts.servedSetId, setId), eq(examAttempts.userId, userId), ne(examAttempts.status, 'prepared')))
        .limit(1);
      return row;
    },

    /**
     * Attempts' totals by id, in id order; within a transaction held (FOR UPDATE) until it ends
     * (a regrade locks them all at once, in one order).
     */
    async listAttemptTotals(ids: string[], heldOf: number, tx?: Db) {
      // Pieces in id order, so that the rows are held in one order whatever their number.
      const sorted = [...ids].sort();
      // The marks and status letter each attempt holds for one question (null where it holds none).
      const at = sql`array_position(${examAttempts.itemMapIds}, ${heldOf}::int)`;
      const held = { heldMarks: sql<number | null>`${examAttempts.itemMarks}[${at}]`, heldLetter: sql<string | null>`substr(${examAttempts.itemStatuses}, ${at}, 1)` };
      return inPieces(sorted, async (piece) => {
        const query = (tx ?? db)
          .select({ id: examAttempts.id, userId: examAttempts.userId, status: examAttempts.status, scored: examAttempts.scored, negativeMarksLost: examAttempts.negativeMarksLost, ...held })
          .from(examAttempts)
          .where(inArray(examAttempts.id, piece))
          .orderBy(asc(examAttempts.id));
        return tx ? query.for('update') : query;
      });
    },

    async updateTiming(attemptId: string, timing: AttemptTiming): Promise<void> {
      await db
        .update(examAttempts)
        .set({
          deadlineAt: timing.deadlineAt,
          activeSectionIndex: timing.activeSectionIndex,
          activeSectionDeadlineAt: timing.activeSectionDeadlineAt,
          sectionState: timing.sectionState,
        })
        .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.status, 'open')));
    },

    /** The attempt row, held (FOR UPDATE) until the caller's transaction ends. */
    async lockAttempt(tx: Db, attemptId: string): Promise<AttemptRow | undefined> {
      const [attempt] = await tx.select().from(examAttempts).where(eq(examAttempts.id, attemptId)).for('update');
      return attempt;
    },

    /** Runs fn in a transaction holding the attempt row (FOR UPDATE); saves wait until it ends. */
    /** As `withLockedAttempt`, for many attempts in one transaction (locked in id order, so two callers cannot deadlock). */
    async withLockedAttempts<T>(attemptIds: string[], fn: (tx: Db, attempts: AttemptRow[]) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const attempts = attemptIds.length ? await executor.select().from(examAttempts).where(inArray(examAttempts.id, attemptIds)).orderBy(asc(examAttempts.id)).for('update') : [];
        return fn(executor, attempts);
      });
    },

    async withLockedAttempt<T>(attemptId: string, fn: (tx: Db, attempt: AttemptRow | undefined) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const [attempt] = await executor.select().from(examAttempts).where(eq(examAttempts.id, attemptId)).for('update');
        return fn(executor, attempt);
      });
    },

    /**
     * An attempt's scores in one statement: the row's totals with every question's marks and status
     * kept once on it (three arrays: the placed questions, their marks, one letter each; decision
     * 086), and what the caller records with them (the reports' summary).
     */
    async writeScores(
      tx: Db,
      attemptId: string,
      marks: { mapIds: number[]; scores: { marksAwarded: number; status: QuestionScore['status'] }[] },
      attempt: Partial<typeof examAttempts.$inferInsert>,
      also?: Statements,
    ): Promise<void> {
      await writeScoresOf(tx, [{ attemptId, marks, attempt, also }]);
    },

    /**
     * Several attempts' scores in one statement (attempts closed together): each attempt's totals
     * and what is recorded with them, as writeScores, plus statements that go with them all.
     */
    writeScoresOf,
    /**
     * Open attempts whose submit was accepted at or before `before` (their close was lost with
     * the process that queued it, or is still waiting there), oldest first.
     */
    async listRequestedAttemptIds(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(and(eq(examAttempts.status, 'open'), isNotNull(examAttempts.submitRequestedAt), lte(examAttempts.submitRequestedAt, before)))
        .orderBy(asc(examAttempts.submitRequestedAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Records that a submit was accepted: from now on saves are refused. False when the attempt is
     * no longer open, or when its row is locked (a close holds it: that close answers the submit).
     */
    async markSubmitRequested(attemptId: string, at: Date): Promise<boolean> {
      const unlocked = db
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.status, 'open'), isNull(examAttempts.submitRequestedAt)))
        .for('update', { skipLocked: true });
      const rows = await db
        .update(examAttempts)
        .set({ submitRequestedAt: at })
        .where(inArray(examAttempts.id, unlocked))
        .returning({ id: examAttempts.id });
      return rows.length > 0;
    },

    async listExpiredAttemptIds(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(and(eq(examAttempts.status, 'open'), lte(examAttempts.deadlineAt, now)))
        .orderBy(asc(examAttempts.deadlineAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async saveSessionDetails(attemptId: string, values: { localState?: unknown; tabChangeWarnings?: number }): Promise<void> {
      const set: Partial<typeof examAttempts.$inferInsert> = {};
      if (values.localState !== undefined) set.localState = values.localState;
      if (values.tabChangeWarnings !== undefined) {
        // Warnings only ever go up: a stale client cannot wipe recorded tab-aways.
        await db
          .update(examAttempts)
          .set({ ...set, tabChangeWarnings: sql`GREATEST(${examAttempts.tabChangeWarnings}, ${values.tabChangeWarnings})` })
          .where(eq(examAttempts.id, attemptId));
        return;
      }
      if (Object.keys(set).length) await db.update(examAttempts).set(set).where(eq(examAttempts.id, attemptId));
    },

    async recordScreenInactive(attemptId: string, screenInactive: unknown): Promise<void> {
      await db.update(examAttempts).set({ screenInactive }).where(and(eq(examAttempts.id, attemptId), eq(examAttempts.status, 'open')));
    },

    /** The player was seen (clock sync, session save); written at most every SEEN_STAMP_SECONDS per attempt. */
    async stampSeen(attemptId: string, now: Date): Promise<void> {
      const stale = new Date(now.getTime() - SEEN_STAMP_SECONDS * 1000);
      await db
        .update(examAttempts)
        .set({ lastSeenAt: now })
        .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.status, 'open'), sql`(${examAttempts.lastSeenAt} IS NULL OR ${examAttempts.lastSeenAt} < ${stale})`));
    },

    async updateAttempt(tx: Db, attemptId: string, values: Partial<typeof examAttempts.$inferInsert>): Promise<void> {
      await tx.update(examAttempts).set(values).where(eq(examAttempts.id, attemptId));
    },

    async listSubmittedAttempts(userId: number, filter: { courseId?: number; taskId?: number }): Promise<AttemptRow[]> {
      return db
        .select()
        .from(examAttempts)
        .where(
          and(
            eq(examAttempts.userId, userId),
            eq(examAttempts.status, 'submitted'),
            filter.courseId ? eq(examAttempts.courseId, filter.courseId) : undefined,
            filter.taskId ? eq(examAttempts.taskId, filter.taskId) : undefined,
          ),
        )
        .orderBy(desc(examAttempts.submittedAt))
        .limit(200);
    },

    /** The ids alone of what listSubmittedAttempts lists (the notebook's check for attempts it has not read). */
    async listSubmittedAttemptIdsOf(userId: number): Promise<string[]> {
      const rows = await db
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, userId), eq(examAttempts.status, 'submitted')))
        .orderBy(desc(examAttempts.submittedAt))
        .limit(200);
      return rows.map((r) => r.id);
    },

    /** isFirstAttempt as an expression, for a statement that writes with it (the close's summary). */
    isFirstAttemptSql(attempt: Pick<AttemptRow, 'id' | 'userId' | 'taskId' | 'startedAt'>): SQL {
      return sql`NOT EXISTS (SELECT 1 FROM exam_attempts f WHERE f.user_id = ${attempt.userId} AND f.task_id = ${attempt.taskId} AND f.status <> 'prepared'
        AND (f.started_at < ${attempt.startedAt.toISOString()}::timestamptz OR (f.started_at = ${attempt.startedAt.toISOString()}::timestamptz AND f.id < ${attempt.id})))`;
    },

    /** Whether no attempt of the same student at the same task started before this one (ties by id). */
    async isFirstAttempt(attempt: Pick<AttemptRow, 'id' | 'userId' | 'taskId' | 'startedAt'>, tx: Db = db): Promise<boolean> {
      const [earlier] = await tx
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(
          and(
            eq(examAttempts.userId, attempt.userId),
            eq(examAttempts.taskId, attempt.taskId),
            ne(examAttempts.status, 'prepared'),
            or(lt(examAttempts.startedAt, attempt.startedAt), and(eq(examAttempts.startedAt, attempt.startedAt), lt(examAttempts.id, attempt.id))),
          ),
        )
        .limit(1);
      return !earlier;
    },

    /** Submitted attempts, oldest first, a page at a time (the reports' summary backfill). */
    async listSubmittedAttemptIds(offset: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(eq(examAttempts.status, 'submitted'))
        .orderBy(asc(examAttempts.startedAt), asc(examAttempts.id))
        .offset(offset)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Each student's first submitted attempt of a task, the only one that ranks (rank and percentile). */
    async listFirstAttemptScores(taskId: number): Promise<{ userId: number; scored: number }[]> {
      const rows = await db
        .selectDistinctOn([examAttempts.userId], { userId: examAttempts.userId, scored: examAttempts.scored })
        .from(examAttempts)
        .where(and(eq(examAttempts.taskId, taskId), eq(examAttempts.status, 'submitted')))
        .orderBy(examAttempts.userId, examAttempts.startedAt, examAttempts.id);
      return rows.map((r) => ({ userId: r.userId, scored: r.scored ?? 0 }));
    },

    /** Scores of attempts by id (the answer-sheet review shows a published sheet's marks). */
    async listAttemptScores(ids: string[]): Promise<Map<string, { scored: number | null; total: number }>> {
      if (!ids.length) return new Map();
      const rows = await db.select({ id: examAttempts.id, scored: examAttempts.scored, total: examAttempts.total }).from(examAttempts).where(inArray(examAttempts.id, ids));
      return new Map(rows.map((r) => [r.id, { scored: r.scored, total: r.total }]));
    },

    /** The student's paper attempt at a task (one per student and test; see exam.paper). */
    async findPaperAttempt(userId: number, taskId: number, executor: Db = db): Promise<AttemptRow | undefined> {
      const [row] = await executor
        .select()
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, userId), eq(examAttempts.taskId, taskId), eq(examAttempts.submitReason, 'paper')))
        .orderBy(asc(examAttempts.startedAt))
        .limit(1);
      return row;
    },

    /** A transaction that holds the (student, test) pair, so that two publishes cannot both create a paper attempt. */
    async withPaperLock<T>(userId: number, taskId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        await executor.execute(sql`SELECT pg_advisory_xact_lock(${userId}::int, ${taskId}::int)`);
        return fn(executor);
      });
    },

    async insertPaperAttempt(
      tx: Db,
      values: typeof examAttempts.$inferInsert,
      served: { questionTaskMapId: number; questionId: number; questionVersionId: number }[],
    ): Promise<AttemptRow> {
      const [attempt] = await tx.insert(examAttempts).values(values).returning();
      if (served.length) await tx.insert(attemptQuestionVersions).values(served.map((s) => ({ attemptId: attempt!.id, ...s })));
      return attempt!;
    },
  };
}
