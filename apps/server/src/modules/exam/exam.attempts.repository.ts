import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { rowsFromJson } from '../../db/rows-from-json.js';
import { attemptQuestionVersions, examAttempts } from '../../db/schema/index.js';
import { createBatcher } from '../../lib/batch.js';
import { STATUS_LETTER, type QuestionScore } from '../../question-kinds/index.js';
import type { AttemptTiming } from './exam.timing.js';
import { inPieces, type AttemptRow, type Statements } from './exam.shared.repository.js';

/*
 * Attempt rows (exam_attempts): reads, locks, totals and scores, the submit's and the sweeper's
 * lists, the player's state, paper attempts. The start's statements are in exam.starts.repository.ts.
 */

/** The live room's "seen" stamp is written at most this often per attempt. */
const SEEN_STAMP_SECONDS = 10;

/** One attempt's scores to write: its marks per question, and its row's new values. */
export interface ScoresToWrite {
  attemptId: string;
  marks: { mapIds: number[]; scores: { marksAwarded: number; status: QuestionScore['status'] }[] };
  attempt: Partial<typeof examAttempts.$inferInsert>;
}

/**
 * Attempts' scores in one statement: each attempt's row (its totals, and its questions' marks and
 * letters kept once on it: three arrays, decision 086), with the statements recorded with them
 * (the reports' summaries, the course progress), as the data-modifying parts of one WITH. The rows
 * that set the same columns (a group's closes all do) are one UPDATE from one JSON parameter, so a
 * group's write is built, sent and planned once whatever its size (decision 101). A statement
 * given twice (the same object) is run once.
 */
async function writeScoresOf(tx: Db, writes: ScoresToWrite[], recorded: Statements[] = []): Promise<void> {
  const bySet = new Map<string, ScoresToWrite[]>();
  for (const write of writes) {
    const set = Object.keys(write.attempt).sort().join(',');
    const same = bySet.get(set);
    if (same) same.push(write);
    else bySet.set(set, [write]);
  }
  const parts: SQL[] = [];
  for (const [set, same] of bySet) {
    const keys = ['id', ...(set ? set.split(',') : []), 'itemMapIds', 'itemMarks', 'itemStatuses'];
    const rows = rowsFromJson(
      examAttempts,
      keys,
      same.map((write) => ({
        ...write.attempt,
        id: write.attemptId,
        itemMapIds: write.marks.mapIds,
        itemMarks: write.marks.scores.map((s) => s.marksAwarded),
        itemStatuses: write.marks.scores.map((s) => STATUS_LETTER[s.status]).join(''),
      })),
    );
    parts.push(sql`UPDATE ${examAttempts} SET ${rows.assignments(['id'])} FROM ${rows.source} WHERE ${examAttempts.id} = x.id`);
  }
  const seen = new Set<SQL>();
  for (const statements of recorded) {
    for (const statement of Array.isArray(statements) ? statements : [statements as SQL]) if (!seen.has(statement) && seen.add(statement)) parts.push(statement);
  }
  if (parts.length) await tx.execute(sql`WITH ${sql.join(parts.map((part, i) => sql`${sql.raw(`w${i}`)} AS (${part})`), sql`, `)} SELECT 1`);
}

export function createExamAttemptsRepository(db: Db) {
  // Every call of a student's exam reads its attempt, and a submit marks it: at a synchronised end
  // thousands of each arrive within a second. Calls arriving together go as one prepared statement
  // (lib/batch.ts), so the wave costs a few round trips instead of one per student (decision 101).
  const attemptsById = db
    .select()
    .from(examAttempts)
    .where(and(sql`${examAttempts.id} = any(${sql.placeholder('ids')}::text[])`, ne(examAttempts.status, 'prepared')))
    .prepare('exam_attempts_by_id');
  const findAttempt = createBatcher<string, AttemptRow | undefined>(async (ids) => {
    const rows = await attemptsById.execute({ ids: [...new Set(ids)] });
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Each caller gets its own copy: a caller may change the row it was given.
    return ids.map((id) => {
      const row = byId.get(id);
      return row && { ...row };
    });
  });
  // Marks the open attempts not held by a close (SKIP LOCKED: that close answers the submit), each
  // at its own time; an attempt asked for twice in one batch is marked by its first ask alone.
  const markRequested = createBatcher<{ attemptId: string; at: Date }, boolean>(async (asked) => {
    const first = new Map<string, number>();
    asked.forEach((ask, i) => first.has(ask.attemptId) || first.set(ask.attemptId, i));
    const wanted = rowsFromJson(
      examAttempts,
      ['id', 'submitRequestedAt'],
      [...first].map(([id, i]) => ({ id, submitRequestedAt: asked[i]!.at })),
      'v',
    );
    const marked = rowsOf<{ id: string }>(
      await db.execute(sql`UPDATE ${examAttempts} a SET submit_requested_at = w.submit_requested_at
        FROM (SELECT e.id, v.submit_requested_at FROM ${wanted.source}
              JOIN ${examAttempts} e ON e.id = v.id
              WHERE e.status = 'open' AND e.submit_requested_at IS NULL
              FOR UPDATE OF e SKIP LOCKED) w
        WHERE a.id = w.id RETURNING a.id`),
    );
    const done = new Set(marked.map((row) => row.id));
    return asked.map((ask, i) => first.get(ask.attemptId) === i && done.has(ask.attemptId));
  });

  return {
    /** An attempt by id; a prepared one is no attempt yet (decision 078) and is not found. */
    getAttempt: findAttempt,

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
     * Attempts' scores in one statement, with the statements recorded with them (the reports'
     * summaries, the course progress): the close's, a group's or one attempt's, and a teacher's mark.
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
      return markRequested({ attemptId, at });
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

    /**
     * Whether no attempt of the same student at the same task started before this one (ties by
     * id), as an expression of the statement that writes with it (the summaries of a close and of
     * the backfill), for the attempt whose id `attemptId` gives: the one place the rule is written.
     */
    isFirstAttemptOf(attemptId: SQL): SQL {
      // OFFSET 0 keeps it a look-up by key per attempt: without it PostgreSQL turns the NOT EXISTS into
      // a hashed set of every attempt with an earlier one, built by reading the whole table twice
      // for each close group (10,000 rows at the end of a 5,000-student exam).
      return sql`NOT EXISTS (SELECT 1 FROM exam_attempts me JOIN exam_attempts f ON f.user_id = me.user_id AND f.task_id = me.task_id AND f.status <> 'prepared'
        AND (f.started_at < me.started_at OR (f.started_at = me.started_at AND f.id < me.id)) WHERE me.id = ${attemptId} OFFSET 0)`;
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
