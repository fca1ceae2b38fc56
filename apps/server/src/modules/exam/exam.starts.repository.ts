import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { createBatcher } from '../../lib/batch.js';
import { rowsFromArrays } from '../../db/rows-from-arrays.js';
import { attemptQuestionVersions, examAttempts } from '../../db/schema/index.js';
import type { AttemptTiming } from './exam.timing.js';
import { IDS_PER_STATEMENT, inPieces, type AttemptRow } from './exam.shared.repository.js';
import type { ServedVersion } from './exam.served.repository.js';

/*
 * The start's statements on exam_attempts (decision 035) and attempts prepared ahead of a window
 * (decision 078): the batched reads and inserts, the start of a prepared attempt, preparation.
 */

/** The start of a prepared attempt: whose, in which shift and form, and its times from the server's clock. */
export interface PreparedStart {
  userId: number;
  taskId: number;
  shiftId: number;
  preparedKey: string;
  startedAt: Date;
  timing: AttemptTiming;
  languageId: number | null;
}

export function createExamStartsRepository(db: Db) {
  /*
   * The start's three reads and its insert. When thousands of students press Start together, the
   * calls arriving in one round of the event loop go as one statement each (lib/batch.ts) instead
   * of one per student; a lone call is one statement as before.
   */
  // Each (student, task) pair looks up its own row in the open-attempt index (a lateral LIMIT 1),
  // whatever the planner believes of the table: a join planned on the statistics of a fresh
  // exam's empty table would read the task's every open attempt for each pair instead.
  const openOfPair = db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, sql`wanted.user_id`), eq(examAttempts.taskId, sql`wanted.task_id`), eq(examAttempts.status, 'open')))
    .limit(1)
    .as('open_attempt');
  const openAttempts = db
    .select()
    .from(sql`unnest(${sql.placeholder('userIds')}::int[], ${sql.placeholder('taskIds')}::int[]) AS wanted(user_id, task_id)`)
    .crossJoinLateral(openOfPair)
    .prepare('exam_open_attempts');
  const findOpenAttemptOf = createBatcher<{ userId: number; taskId: number }, AttemptRow | undefined>(async (keys) => {
    const rows = await openAttempts.execute({ userIds: keys.map((k) => k.userId), taskIds: keys.map((k) => k.taskId) });
    // One open attempt per student and task at most (the unique open-attempt index).
    const byPair = new Map(rows.map(({ open_attempt: attempt }) => [`${attempt.userId}:${attempt.taskId}`, attempt]));
    return keys.map((k) => byPair.get(`${k.userId}:${k.taskId}`));
  });

  // Finished means submitted (the other states are open and prepared, decision 078): an equality,
  // so the count is a range of the (task, status) or (user, status) index, however many attempts
  // of the test are prepared or open.
  const startChecksOfPairs = db
    .select({
      i: sql<number>`v.i`.mapWith(Number),
      finished: sql<number>`(SELECT count(*) FROM ${examAttempts} a WHERE a.user_id = v.user_id AND a.task_id = v.task_id AND a.status = 'submitted')`.mapWith(Number),
      // The student's own open attempts (the one-open-attempt index, by user): the deadline is
      // compared as a difference so that it cannot be an index condition. On the open attempts'
      // deadline index, planned when few were open, each pair would read every attempt a wave of
      // starts has opened (1.3 ms a pair at 5,000; decision 101).
      activeTaskId: sql<number | null>`(SELECT a.task_id FROM ${examAttempts} a
          WHERE a.user_id = v.user_id AND a.status = 'open' AND a.test_type = 'test' AND a.deadline_at - v.now > interval '0'
          ORDER BY a.started_at DESC LIMIT 1)`,
    })
    .from(
      sql`unnest(${sql.placeholder('userIds')}::int[], ${sql.placeholder('taskIds')}::int[], ${sql.placeholder('nows')}::timestamptz[]) WITH ORDINALITY AS v(user_id, task_id, now, i)`,
    )
    .prepare('exam_start_checks');
  const startChecksOf = createBatcher<{ userId: number; taskId: number; now: Date }, { finished: number; activeGradedTaskId: number | null }>(async (keys) => {
    const rows = await startChecksOfPairs.execute({
      userIds: keys.map((k) => k.userId),
      taskIds: keys.map((k) => k.taskId),
      nows: keys.map((k) => k.now.toISOString()),
    });
    const byIndex = new Map(rows.map((row) => [Number(row.i), row]));
    return keys.map((_, index) => {
      const row = byIndex.get(index + 1);
      return { finished: row?.finished ?? 0, activeGradedTaskId: row?.activeTaskId ?? null };
    });
  });

  // A student's second open attempt on a task meets the one-open-attempt index and is not written.
  const besideOpenAttempt = { target: [examAttempts.userId, examAttempts.taskId], where: sql`status = 'open'` };
  const insertOpenAttempts = (executor: Db, rows: (typeof examAttempts.$inferInsert)[]) =>
    executor.insert(examAttempts).values(rows).onConflictDoNothing(besideOpenAttempt).returning();
  // What a start writes of an attempt (the rest take their defaults): a batch of starts goes in as
  // one prepared statement taking one array per column, whatever the batch's size.
  const startedColumns = [
    'id', 'userId', 'taskId', 'courseId', 'testType', 'status', 'startedAt', 'deadlineAt', 'activeSectionIndex',
    'activeSectionDeadlineAt', 'sectionState', 'questionOrder', 'total', 'languageId', 'servedSetId', 'shiftId',
  ] as const;
  const startedRows = rowsFromArrays(examAttempts, startedColumns);
  const insertStarted = db
    .insert(examAttempts)
    .select(startedRows.select)
    .onConflictDoNothing(besideOpenAttempt)
    .returning()
    .prepare('exam_insert_started');
  const isStartedRow = (values: typeof examAttempts.$inferInsert) => Object.keys(values).every((key) => (startedColumns as readonly string[]).includes(key));
  const insertAttemptOf = createBatcher<typeof examAttempts.$inferInsert, AttemptRow | undefined>(async (keys) => {
    let inserted: AttemptRow[];
    try {
      inserted = await insertStarted.execute(startedRows.params(keys));
    } catch {
      // One row the database refuses (a student or test removed meanwhile) must not fail the
      // others: each is tried on its own, and only its own start fails.
      return Promise.all(
        keys.map((k) =>
          insertStarted.execute(startedRows.params([k])).then(
            (rows) => rows[0],
            (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
          ),
        ),
      );
    }
    const byId = new Map(inserted.map((row) => [row.id, row]));
    // A row not returned met the student's open attempt (another Start won).
    return keys.map((k) => byId.get(k.id!));
  });

  /*
   * The start of a prepared attempt (decision 078): one UPDATE per batch of starts, turning the
   * student's prepared attempt open with its times from the server's clock. Only an attempt
   * prepared for the same shift and form is taken; any other start inserts as before.
   */
  async function startPreparedRows(keys: readonly PreparedStart[]): Promise<AttemptRow[]> {
    const input = JSON.stringify(
      keys.map((k, i) => ({
        i,
        user_id: k.userId,
        task_id: k.taskId,
        shift_id: k.shiftId,
        prepared_key: k.preparedKey,
        started_at: k.startedAt.toISOString(),
        deadline_at: k.timing.deadlineAt.toISOString(),
        active_section_index: k.timing.activeSectionIndex,
        active_section_deadline_at: k.timing.activeSectionDeadlineAt?.toISOString() ?? null,
        section_state: k.timing.sectionState,
        language_id: k.languageId,
      })),
    );
    const u = sql`json_to_recordset(${input}::json) AS u(i int, user_id int, task_id int, shift_id int, prepared_key text, started_at timestamptz,
      deadline_at timestamptz, active_section_index int, active_section_deadline_at timestamptz, section_state jsonb, language_id int)`;
    return db
      .update(examAttempts)
      .set({
        status: 'open',
        startedAt: sql`u.started_at`,
        deadlineAt: sql`u.deadline_at`,
        activeSectionIndex: sql`u.active_section_index`,
        activeSectionDeadlineAt: sql`u.active_section_deadline_at`,
        sectionState: sql`u.section_state`,
        languageId: sql`u.language_id`,
      })
      .from(u)
      .where(
        and(
          eq(examAttempts.userId, sql`u.user_id`),
          eq(examAttempts.taskId, sql`u.task_id`),
          eq(examAttempts.status, 'prepared'),
          eq(examAttempts.shiftId, sql`u.shift_id`),
          eq(examAttempts.preparedKey, sql`u.prepared_key`),
        ),
      )
      .returning();
  }
  const startPreparedOf = createBatcher<PreparedStart, AttemptRow | undefined>(async (keys) => {
    let rows: AttemptRow[];
    try {
      rows = await startPreparedRows(keys);
    } catch {
      // One start the database refuses (its student holds an open attempt already) must not fail
      // the others: each is tried on its own, and only its own start fails.
      return Promise.all(
        keys.map((k) =>
          startPreparedRows([k]).then(
            (one) => one[0],
            (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
          ),
        ),
      );
    }
    const byPair = new Map(rows.map((row) => [`${row.userId}:${row.taskId}`, row]));
    return keys.map((k) => byPair.get(`${k.userId}:${k.taskId}`));
  });
  return {
    findOpenAttempt(userId: number, taskId: number): Promise<AttemptRow | undefined> {
      return findOpenAttemptOf({ userId, taskId });
    },

    /**
     * What a new graded start checks of the student's attempts, in one statement: how many of the
     * task's attempts are finished, and the task of the newest open graded attempt with time left.
     */
    startChecks(userId: number, taskId: number, now: Date): Promise<{ finished: number; activeGradedTaskId: number | null }> {
      return startChecksOf({ userId, taskId, now });
    },

    async hasFinishedAttempt(userId: number, taskId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, userId), eq(examAttempts.taskId, taskId), eq(examAttempts.status, 'submitted')))
        .limit(1);
      return row !== undefined;
    },

    /** The student's open graded attempt that still has time, newest first. */
    async findActiveGradedAttempt(userId: number, now: Date): Promise<AttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(examAttempts)
        .where(
          and(
            eq(examAttempts.userId, userId),
            eq(examAttempts.status, 'open'),
            eq(examAttempts.testType, 'test'),
            sql`${examAttempts.deadlineAt} > ${now.toISOString()}`,
          ),
        )
        .orderBy(desc(examAttempts.startedAt))
        .limit(1);
      return row;
    },

    /**
     * Inserts the attempt (its own questions' versions by values.servedSetId) with the version of
     * each drawn question, unless the student already has an open attempt at the task (then
     * returns undefined and writes nothing). Without drawn questions it is one statement.
     */
    async insertAttempt(
      values: typeof examAttempts.$inferInsert,
      drawn: { questionTaskMapId: number; questionId: number; questionVersionId: number }[],
    ): Promise<AttemptRow | undefined> {
      // Batched inserts are told apart by their ids: one without an id goes alone.
      if (!drawn.length) return values.id && isStartedRow(values) ? insertAttemptOf(values) : (await insertOpenAttempts(db, [values]))[0];
      return db.transaction(async (tx) => {
        const attempt = (await insertOpenAttempts(tx as unknown as Db, [values]))[0];
        if (attempt) await tx.insert(attemptQuestionVersions).values(drawn.map((s) => ({ attemptId: attempt.id, ...s })));
        return attempt;
      });
    },

    /**
     * Writes prepared attempts (status 'prepared', decision 078), each with the versions of its
     * drawn questions; a student who already has a prepared attempt at the task gets none again.
     * Answers how many were written.
     */
    async insertPreparedAttempts(rows: { values: typeof examAttempts.$inferInsert; drawn: ServedVersion[] }[]): Promise<number> {
      if (!rows.length) return 0;
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(examAttempts)
          .values(rows.map((r) => ({ ...r.values, status: 'prepared' })))
          .onConflictDoNothing({ target: [examAttempts.userId, examAttempts.taskId], where: sql`status = 'prepared'` })
          .returning({ id: examAttempts.id });
        const written = new Set(inserted.map((r) => r.id));
        const drawn = rows.filter((r) => written.has(r.values.id!)).flatMap((r) => r.drawn.map((d) => ({ attemptId: r.values.id!, ...d })));
        for (let from = 0; from < drawn.length; from += IDS_PER_STATEMENT) await tx.insert(attemptQuestionVersions).values(drawn.slice(from, from + IDS_PER_STATEMENT));
        return written.size;
      });
    },

    /** Turns the student's prepared attempt at the task open, when it was prepared for this shift and form; undefined when there is none such. */
    startPreparedAttempt: (start: PreparedStart): Promise<AttemptRow | undefined> => startPreparedOf(start),

    /** Per student with attempts at the task: a prepared one (its shift and form), whether one is open, and how many are finished. */
    async preparationState(taskId: number): Promise<Map<number, { prepared: { id: string; shiftId: number | null; key: string | null } | null; open: boolean; finished: number }>> {
      const rows = await db
        .select({ id: examAttempts.id, userId: examAttempts.userId, status: examAttempts.status, shiftId: examAttempts.shiftId, key: examAttempts.preparedKey })
        .from(examAttempts)
        .where(eq(examAttempts.taskId, taskId));
      const state = new Map<number, { prepared: { id: string; shiftId: number | null; key: string | null } | null; open: boolean; finished: number }>();
      for (const row of rows) {
        const entry = state.get(row.userId) ?? { prepared: null, open: false, finished: 0 };
        if (row.status === 'prepared') entry.prepared = { id: row.id, shiftId: row.shiftId, key: row.key };
        else if (row.status === 'open') entry.open = true;
        else entry.finished += 1;
        state.set(row.userId, entry);
      }
      return state;
    },

    /** Deletes prepared attempts by id (never an attempt that was started). */
    async dropPreparedAttempts(ids: string[]): Promise<number> {
      const dropped = await inPieces(ids, (piece) =>
        db.delete(examAttempts).where(and(inArray(examAttempts.id, piece), eq(examAttempts.status, 'prepared'))).returning({ id: examAttempts.id }),
      );
      return dropped.length;
    },

    /** Deletes the prepared attempts of windows not among `windowIds` (their schedule was deleted, moved later or has closed). */
    async dropPreparedOutside(windowIds: number[]): Promise<number> {
      const outside = windowIds.length ? or(isNull(examAttempts.shiftId), sql`NOT (${inArray(examAttempts.shiftId, windowIds)})`) : undefined;
      const dropped = await db.delete(examAttempts).where(and(eq(examAttempts.status, 'prepared'), outside)).returning({ id: examAttempts.id });
      return dropped.length;
    },
  };
}
