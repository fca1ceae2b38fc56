import { createHash } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { createBatcher } from '../../lib/batch.js';
import { rowsOf } from '../../db/raw-rows.js';
import { rowsFromArrays } from '../../db/rows-from-arrays.js';
import { attemptQuestionVersions, examAnswers, examAttempts, questionReports, regradeAttempts, regrades, servedSets, servedSetVersions } from '../../db/schema/index.js';
import { userIdInReach } from '../../db/student-reach.js';
import type { StudentReach } from '../../lib/policy.js';
import { STATUS_LETTER, type QuestionScore } from '../../question-kinds/index.js';
import type { AttemptTiming } from './exam.timing.js';

/*
 * The exam's tables: attempts, their answers and question reports. Tasks, sections and questions
 * are the academy's (read through its service). One exception, for the hot path: the saveAnswer
 * statement below checks each item against task_questions, questions and task_sections inside the
 * same round trip (decision 007); it only reads them. See docs/decisions/009-exam-split.md.
 */

export type AttemptRow = typeof examAttempts.$inferSelect;
/**
 * A saved answer with the marks and status its attempt holds for the question (decision 086:
 * they are kept once, on the attempt; both null until the attempt is scored).
 */
export type AnswerRow = typeof examAnswers.$inferSelect & { status: QuestionScore['status'] | null; marksAwarded: number | null };

/** The place of an answer's question among its attempt's marks. */
const markPlace = sql`array_position(${examAttempts.itemMapIds}, ${examAnswers.questionTaskMapId})`;
/** An answer's columns and the marks and status its attempt holds for it (joined to exam_attempts). */
const ANSWER_WITH_MARKS = {
  ...getTableColumns(examAnswers),
  marksAwarded: sql<number | null>`${examAttempts.itemMarks}[${markPlace}]`,
  status: sql<QuestionScore['status'] | null>`CASE substr(${examAttempts.itemStatuses}, ${markPlace}, 1)
    ${sql.join((Object.keys(STATUS_LETTER) as QuestionScore['status'][]).map((status) => sql`WHEN ${STATUS_LETTER[status]} THEN ${status}`), sql` `)} END`,
};
/** An answer of an attempt taken at an exam centre, as it arrives with its sync. */
export interface SyncedAnswer {
  mapId: number;
  seq: number;
  answerId: unknown;
  answerData: unknown;
  timeSpentSeconds: number;
  isMarked: boolean;
  firstAnswer: unknown;
  changeCount: number;
  updatedAt: Date;
}
/** A statement (or an expression) another statement runs as one of its parts: the close writes with it. */
export type Statement = SQL;

export interface FastSaveItem {
  map_id: number;
  qtype: string;
  seq: number;
  answer_id: unknown;
  answer_data: unknown;
  time_spent: number;
  is_marked: boolean | null;
}

export interface FastSaveOutcome {
  attempt: {
    id: string;
    user_id: number;
    status: string;
    deadline_at: string;
    active_section_deadline_at: string | null;
    submit_requested_at: string | null;
  } | null;
  okCount: number;
  bad: { not_in_test: number; type_mismatch: number; wrong_section: number; revealed: number; total: number } | null;
  applied: { mapId: number; seq: number }[];
  current: { mapId: number; seq: number }[];
}

/** The key of a served set: the task and its (questionTaskMapID, version) pairs, in any order. */
export function servedSetKey(taskId: number, pairs: ReadonlyArray<readonly [number, number]>): string {
  const sorted = pairs.map(([mapId, versionId]) => `${mapId}:${versionId}`).sort();
  return createHash('sha256').update(`${taskId}|${sorted.join(',')}`).digest('base64url');
}

/** Ids per statement where a list of them is sent as parameters (PostgreSQL takes at most 65,535). */
const IDS_PER_STATEMENT = 5000;

/** Runs `fn` on the ids in pieces of IDS_PER_STATEMENT, in order, and joins what they return. */
async function inPieces<T>(ids: string[], fn: (piece: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_STATEMENT) out.push(...(await fn(ids.slice(from, from + IDS_PER_STATEMENT))));
  return out;
}

/** One attempt's new score of a regraded question, as the set-based regrade writes it. */
export interface RescoredRow {
  attemptId: string;
  marks: number;
  /** The status's letter (STATUS_LETTER). */
  letter: string;
  scored: number;
  negativeMarksLost: number;
  /** Whether the question was pending evaluation before (the attempt's flag is then worked out again). */
  wasPending: boolean;
}

/** A drawn question as recorded on its attempt: the version it was served. */
export interface ServedVersion {
  questionTaskMapId: number;
  questionId: number;
  questionVersionId: number;
}

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

/** Both drivers hand back timestamps from row_to_json as strings; bigint counts as strings. */
const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

/**
 * saveAnswer in one round trip: checks the attempt (owner $2, open, before the deadline and the
 * active section's deadline at $3), that every item of $4 belongs to the task with the right
 * type, then upserts each answer only if its seq is newer. Nothing is written when any item is
 * bad. Practice answers already revealed are skipped (a replayed save must not block the batch). The attempt row is held FOR KEY SHARE so that a concurrent submit (FOR UPDATE) either
 * waits for this save or makes it see the attempt closed.
 */
const SAVE_ANSWERS_SQL = `
  WITH att AS (
    SELECT id, user_id, task_id, status, started_at, deadline_at, active_section_index, active_section_deadline_at, submit_requested_at
    FROM exam_attempts WHERE id = $1
    FOR KEY SHARE
  ),
  ok AS (
    SELECT id, task_id, started_at, active_section_index FROM att
    WHERE user_id = $2 AND status = 'open' AND submit_requested_at IS NULL AND deadline_at > $3::timestamptz
      AND (active_section_deadline_at IS NULL OR active_section_deadline_at > $3::timestamptz)
  ),
  input AS (
    SELECT DISTINCT ON (x.map_id) x.* FROM jsonb_to_recordset($4::jsonb)
      AS x(map_id int, qtype text, seq int, answer_id jsonb, answer_data jsonb, time_spent int, is_marked boolean)
    ORDER BY x.map_id, x.seq DESC
  ),
  checked AS (
    -- One index lookup per saved item (LIMIT 1 keeps each LATERAL a parametrised nested loop),
    -- whatever the size of the test or of the question bank.
    SELECT i.*, m.found_map_id, m.question_type, m.section_index, coalesce(e.is_revealed, false) AS is_revealed, e.seq AS held_seq
    FROM input i
    LEFT JOIN LATERAL (
      SELECT tq.id AS found_map_id, q.question_type, s.section_index
      FROM task_questions tq
      JOIN questions q ON q.id = tq.question_id
      LEFT JOIN task_sections s ON s.id = tq.section_id
      WHERE tq.id = i.map_id AND tq.task_id = (SELECT task_id FROM att)
      LIMIT 1
    ) m ON true
    LEFT JOIN LATERAL (
      SELECT ea.is_revealed, ea.seq FROM exam_answers ea
      WHERE ea.attempt_id = $1 AND ea.question_task_map_id = i.map_id
      LIMIT 1
    ) e ON true
  ),
  bad AS (
    SELECT
      count(*) FILTER (WHERE found_map_id IS NULL) AS not_in_test,
      count(*) FILTER (WHERE found_map_id IS NOT NULL AND question_type <> qtype) AS type_mismatch,
      count(*) FILTER (WHERE (SELECT active_section_index FROM ok) IS NOT NULL
                       AND section_index IS DISTINCT FROM (SELECT active_section_index FROM ok)) AS wrong_section,
      count(*) FILTER (WHERE is_revealed) AS revealed,
      count(*) AS total
    FROM checked
  ),
  up AS (
    INSERT INTO exam_answers AS e (attempt_id, question_task_map_id, seq, answer_id, answer_data, time_spent_seconds, is_marked, updated_at, first_answer)
    SELECT ok.id, c.map_id, c.seq, c.answer_id, c.answer_data,
           LEAST(c.time_spent, GREATEST(0, floor(extract(epoch FROM ($3::timestamptz - ok.started_at))))::int),
           coalesce(c.is_marked, false), $3::timestamptz,
           CASE WHEN c.answer_id IS NOT NULL OR c.answer_data IS NOT NULL
                THEN jsonb_build_object('id', c.answer_id, 'data', c.answer_data) END
    FROM checked c CROSS JOIN ok CROSS JOIN bad
    WHERE bad.not_in_test = 0 AND bad.type_mismatch = 0 AND bad.wrong_section = 0 AND bad.revealed < bad.total
      AND NOT c.is_revealed
    ON CONFLICT (attempt_id, question_task_map_id) DO UPDATE SET
      seq = excluded.seq,
      answer_id = excluded.answer_id,
      answer_data = excluded.answer_data,
      time_spent_seconds = GREATEST(e.time_spent_seconds, excluded.time_spent_seconds),
      is_marked = excluded.is_marked,
      updated_at = excluded.updated_at,
      -- A change: once answered, any save whose answer differs from the one held (clearing too).
      change_count = e.change_count + CASE WHEN e.first_answer IS NOT NULL
          AND (e.answer_id IS DISTINCT FROM excluded.answer_id OR e.answer_data IS DISTINCT FROM excluded.answer_data)
        THEN 1 ELSE 0 END,
      first_answer = coalesce(e.first_answer, excluded.first_answer)
    WHERE e.seq < excluded.seq
    RETURNING e.question_task_map_id AS map_id, e.seq
  )
  SELECT
    (SELECT row_to_json(att) FROM att) AS attempt,
    (SELECT count(*) FROM ok) AS ok_count,
    (SELECT row_to_json(bad) FROM bad) AS bad,
    (SELECT coalesce(json_agg(json_build_object('mapId', map_id, 'seq', seq)), '[]'::json) FROM up) AS applied,
    -- The seq held before this statement, for the items that were not applied.
    (SELECT coalesce(json_agg(json_build_object('mapId', map_id, 'seq', held_seq)), '[]'::json)
       FROM checked WHERE held_seq IS NOT NULL) AS current
`;


/** The live room's "seen" stamp is written at most this often per attempt. */
const SEEN_STAMP_SECONDS = 10;

export function createExamRepository(db: Db, options: { driver: 'pglite' | 'postgres' } = { driver: 'postgres' }) {
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
      activeTaskId: sql<number | null>`(SELECT a.task_id FROM ${examAttempts} a
          WHERE a.user_id = v.user_id AND a.status = 'open' AND a.test_type = 'test' AND a.deadline_at > v.now
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
    const u = sql`jsonb_to_recordset(${input}::jsonb) AS u(i int, user_id int, task_id int, shift_id int, prepared_key text, started_at timestamptz,
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

  /**
   * An attempt's served set and the versions it holds rows of its own for (draws, regrades), in
   * one indexed read; undefined when there is no such attempt.
   */
  async function servedVersionsOf(attemptId: string): Promise<{ setId: number | null; own: [number, number][] } | undefined> {
    const rows = await db
      .select({ setId: examAttempts.servedSetId, mapId: attemptQuestionVersions.questionTaskMapId, versionId: attemptQuestionVersions.questionVersionId })
      .from(examAttempts)
      .leftJoin(attemptQuestionVersions, eq(attemptQuestionVersions.attemptId, examAttempts.id))
      .where(eq(examAttempts.id, attemptId));
    if (!rows.length) return undefined;
    const own = rows.flatMap((r): [number, number][] => (r.mapId === null || r.versionId === null ? [] : [[r.mapId, r.versionId]]));
    return { setId: rows[0]!.setId, own };
  }

  /** The versions a served set holds, by questionTaskMapID (a set never changes once written). */
  async function listSetVersions(setId: number): Promise<[number, number][]> {
    const rows = await db
      .select({ mapId: servedSetVersions.questionTaskMapId, versionId: servedSetVersions.questionVersionId })
      .from(servedSetVersions)
      .where(eq(servedSetVersions.setId, setId));
    return rows.map((r) => [r.mapId, r.versionId]);
  }

  async function ensureServedSet(taskId: number, key: string, served: { questionTaskMapId: number; questionId: number; questionVersionId: number }[]): Promise<number> {
    const [existing] = await db.select({ id: servedSets.id }).from(servedSets).where(eq(servedSets.key, key)).limit(1);
    if (existing) return existing.id;
    return db.transaction(async (tx) => {
      const [created] = await tx.insert(servedSets).values({ taskId, key }).onConflictDoNothing({ target: servedSets.key }).returning({ id: servedSets.id });
      if (created) {
        if (served.length) await tx.insert(servedSetVersions).values(served.map((s) => ({ setId: created.id, ...s })));
        return created.id;
      }
      const [row] = await tx.select({ id: servedSets.id }).from(servedSets).where(eq(servedSets.key, key)).limit(1);
      return row!.id;
    });
  }

  return {
    /** An attempt by id; a prepared one is no attempt yet (decision 078) and is not found. */
    async getAttempt(id: string): Promise<AttemptRow | undefined> {
      const [row] = await db.select().from(examAttempts).where(and(eq(examAttempts.id, id), ne(examAttempts.status, 'prepared'))).limit(1);
      return row;
    },

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

    /**
     * The id of the served set of these (questionTaskMapID, version) pairs of a task, created with
     * its rows when it is new. `key` names the set (the caller hashes the task and the pairs).
     * Two processes creating the same set at once: the unique key lets one insert; the other
     * waits for its commit and reads the id.
     */
    ensureServedSet,

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

    /** One of the user's attempts on a served set (the content resource's scope check; an indexed lookup). */
    async findAttemptOnServedSet(userId: number, setId: number): Promise<{ id: string; taskId: number } | undefined> {
      const [row] = await db
        .select({ id: examAttempts.id, taskId: examAttempts.taskId })
        .from(examAttempts)
        .where(and(eq(examAttempts.servedSetId, setId), eq(examAttempts.userId, userId), ne(examAttempts.status, 'prepared')))
        .limit(1);
      return row;
    },

    servedVersionsOf,
    listSetVersions,

    /**
     * Submitted attempts served one of the given versions of a question (a regrade's work list), through their own rows or their served set,
     * each with whether its student is in the reach (lib/policy.ts `studentReachOf`; a regrade touches only those).
     */
    async listServedSubmitted(questionId: number, versionIds: number[], reach: StudentReach) {
      if (!versionIds.length) return [];
      const inReach = sql<boolean>`${userIdInReach(examAttempts.userId, reach)}`.mapWith(Boolean);
      const own = await db
        .select({
          attemptId: attemptQuestionVersions.attemptId,
          taskId: examAttempts.taskId,
          mapId: attemptQuestionVersions.questionTaskMapId,
          versionId: attemptQuestionVersions.questionVersionId,
          setId: sql<number | null>`NULL::int`,
          submittedAt: examAttempts.submittedAt,
          inReach,
        })
        .from(attemptQuestionVersions)
        .innerJoin(examAttempts, eq(examAttempts.id, attemptQuestionVersions.attemptId))
        .where(
          and(
            eq(attemptQuestionVersions.questionId, questionId),
            inArray(attemptQuestionVersions.questionVersionId, versionIds),
            eq(examAttempts.status, 'submitted'),
          ),
        );
      const fromSets = await db
        .select({
          attemptId: examAttempts.id,
          taskId: examAttempts.taskId,
          mapId: servedSetVersions.questionTaskMapId,
          versionId: servedSetVersions.questionVersionId,
          setId: sql<number | null>`${servedSetVersions.setId}`,
          submittedAt: examAttempts.submittedAt,
          inReach,
        })
        .from(servedSetVersions)
        .innerJoin(examAttempts, eq(examAttempts.servedSetId, servedSetVersions.setId))
        .where(
          and(
            eq(servedSetVersions.questionId, questionId),
            inArray(servedSetVersions.questionVersionId, versionIds),
            eq(examAttempts.status, 'submitted'),
            // A row of the attempt's own (a regrade moved it) takes the set's place.
            sql`NOT EXISTS (SELECT 1 FROM ${attemptQuestionVersions} o WHERE o.attempt_id = ${examAttempts.id} AND o.question_task_map_id = ${servedSetVersions.questionTaskMapId})`,
          ),
        );
      return [...own, ...fromSets]
        .sort((a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0) || (a.attemptId < b.attemptId ? -1 : a.attemptId > b.attemptId ? 1 : 0))
        .map(({ submittedAt: _at, ...row }) => row);
    },

    async insertRegrade(tx: Db, values: typeof regrades.$inferInsert): Promise<number> {
      const [row] = await tx.insert(regrades).values(values).returning({ id: regrades.id });
      return row!.id;
    },

    /**
     * Moves one attempt's served version of a question on, only from the version it was read at,
     * so that two regrades at once cannot both re-score it. False when it had moved already.
     */
    async moveServedVersion(tx: Db, input: { attemptId: string; mapId: number; fromVersionId: number; toVersionId: number }): Promise<boolean> {
      // An attempt served through a set gets rows of its own first (the set is shared and never changes).
      await tx.execute(sql`
        INSERT INTO ${attemptQuestionVersions} (attempt_id, question_task_map_id, question_id, question_version_id)
        SELECT a.id, v.question_task_map_id, v.question_id, v.question_version_id
        FROM ${examAttempts} a JOIN ${servedSetVersions} v ON v.set_id = a.served_set_id
        WHERE a.id = ${input.attemptId}
        ON CONFLICT DO NOTHING`);
      await tx.update(examAttempts).set({ servedSetId: null }).where(and(eq(examAttempts.id, input.attemptId), isNotNull(examAttempts.servedSetId)));
      const rows = await tx
        .update(attemptQuestionVersions)
        .set({ questionVersionId: input.toVersionId })
        .where(
          and(
            eq(attemptQuestionVersions.attemptId, input.attemptId),
            eq(attemptQuestionVersions.questionTaskMapId, input.mapId),
            eq(attemptQuestionVersions.questionVersionId, input.fromVersionId),
            ne(attemptQuestionVersions.questionVersionId, input.toVersionId),
          ),
        )
        .returning({ attemptId: attemptQuestionVersions.attemptId });
      return rows.length > 0;
    },

    async insertRegradeAttempt(tx: Db, values: typeof regradeAttempts.$inferInsert): Promise<void> {
      await tx.insert(regradeAttempts).values(values);
    },

    /** A regrade's log rows, all in one statement. */
    async insertRegradeAttempts(tx: Db, values: (typeof regradeAttempts.$inferInsert)[]): Promise<void> {
      for (let from = 0; from < values.length; from += IDS_PER_STATEMENT) await tx.insert(regradeAttempts).values(values.slice(from, from + IDS_PER_STATEMENT));
    },

    /**
     * The served set that holds what `setId` holds but `toVersionId` for one question, created when
     * new (a set never changes): what a regrade moves the set's attempts to, one update for them all.
     */
    async servedSetWith(setId: number, mapId: number, toVersionId: number): Promise<number> {
      const rows = await db
        .select({ taskId: servedSets.taskId, mapId: servedSetVersions.questionTaskMapId, questionId: servedSetVersions.questionId, versionId: servedSetVersions.questionVersionId })
        .from(servedSetVersions)
        .innerJoin(servedSets, eq(servedSets.id, servedSetVersions.setId))
        .where(eq(servedSetVersions.setId, setId));
      const served = rows.map((r) => ({ questionTaskMapId: r.mapId, questionId: r.questionId, questionVersionId: r.mapId === mapId ? toVersionId : r.versionId }));
      const taskId = rows[0]!.taskId;
      return ensureServedSet(taskId, servedSetKey(taskId, served.map((v) => [v.questionTaskMapId, v.questionVersionId] as const)), served);
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

    /** The saved answers of one question in these attempts. */
    async listAnswersOf(mapId: number, attemptIds: string[], executor: Db = db): Promise<AnswerRow[]> {
      return inPieces(attemptIds, (piece) =>
        executor
          .select(ANSWER_WITH_MARKS)
          .from(examAnswers)
          .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
          .where(and(eq(examAnswers.questionTaskMapId, mapId), inArray(examAnswers.attemptId, piece))),
      );
    },

    /**
     * Moves attempts' served version of one question on, only from the version they were read at
     * (two regrades at once cannot both re-score one): the attempts' own rows in one update, and
     * the attempts of each served set onto the set that differs by this question in one update
     * each. Returns the attempts moved.
     */
    async moveServedVersions(
      tx: Db,
      input: { mapId: number; fromVersionId: number; toVersionId: number; own: string[]; sets: { fromSetId: number; toSetId: number; attemptIds: string[] }[] },
    ): Promise<Set<string>> {
      const moved = new Set<string>();
      if (input.fromVersionId !== input.toVersionId) {
        const rows = await inPieces(input.own, (piece) =>
          tx
            .update(attemptQuestionVersions)
            .set({ questionVersionId: input.toVersionId })
            .where(
              and(
                inArray(attemptQuestionVersions.attemptId, piece),
                eq(attemptQuestionVersions.questionTaskMapId, input.mapId),
                eq(attemptQuestionVersions.questionVersionId, input.fromVersionId),
              ),
            )
            .returning({ attemptId: attemptQuestionVersions.attemptId }),
        );
        for (const r of rows) moved.add(r.attemptId);
      }
      for (const set of input.sets) {
        if (set.fromSetId === set.toSetId) continue;
        const rows = await inPieces(set.attemptIds, (piece) =>
          tx
            .update(examAttempts)
            .set({ servedSetId: set.toSetId })
            .where(
              and(
                inArray(examAttempts.id, piece),
                eq(examAttempts.servedSetId, set.fromSetId),
                // A row of the attempt's own for the question takes the set's place.
                sql`NOT EXISTS (SELECT 1 FROM ${attemptQuestionVersions} o WHERE o.attempt_id = ${examAttempts.id} AND o.question_task_map_id = ${input.mapId})`,
              ),
            )
            .returning({ attemptId: examAttempts.id }),
        );
        for (const r of rows) moved.add(r.attemptId);
      }
      return moved;
    },

    /**
     * A regrade's scores of one question across attempts, in one statement: the question's marks and
     * status letter in each attempt's marks, each attempt's totals (its pending flag worked out again where the question was
     * pending), and what the caller records with them (the reports' summaries).
     */
    async writeQuestionScores(tx: Db, mapId: number, rows: RescoredRow[], also?: SQL): Promise<void> {
      if (!rows.length) return;
      const at = sql`array_position(a.item_map_ids, ${mapId}::int)`;
      await tx.execute(sql`
        WITH x AS MATERIALIZED (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS r("attemptId" text, marks float8, letter text, scored float8, "negativeMarksLost" float8, "wasPending" boolean)
        ),
        totals AS (
          -- The question's place among the attempt's marks; a question the attempt was not scored on is added at the end.
          UPDATE exam_attempts a SET scored = x.scored, negative_marks_lost = x."negativeMarksLost",
            item_map_ids = CASE WHEN ${at} IS NULL THEN coalesce(a.item_map_ids, '{}') || ${mapId}::int ELSE a.item_map_ids END,
            item_marks = CASE WHEN ${at} IS NULL THEN coalesce(a.item_marks, '{}') || x.marks
              ELSE a.item_marks[:${at} - 1] || x.marks || a.item_marks[${at} + 1:] END,
            item_statuses = CASE WHEN ${at} IS NULL THEN coalesce(a.item_statuses, '') || x.letter
              ELSE overlay(a.item_statuses placing x.letter from ${at} for 1) END,
            -- Still pending: this question now, or another one when this one was.
            pending_evaluation = x.letter = 'e' OR CASE WHEN x."wasPending"
              THEN position('e' in CASE WHEN ${at} IS NULL THEN coalesce(a.item_statuses, '') ELSE overlay(a.item_statuses placing 'u' from ${at} for 1) END) > 0
              ELSE a.pending_evaluation END
          FROM x
          WHERE a.id = x."attemptId"
        )${also ? sql`, recorded AS (${also})` : sql``}
        SELECT 1
      `);
    },

    /** The regrades of a question with the attempts each re-scored of the students in the reach, newest first. */
    async listRegrades(questionId: number, reach: StudentReach) {
      const rows = await db.select().from(regrades).where(eq(regrades.questionId, questionId)).orderBy(desc(regrades.createdAt), desc(regrades.id)).limit(200);
      const attempts = rows.length
        ? await db
            .select({
              regradeId: regradeAttempts.regradeId,
              attemptId: regradeAttempts.attemptId,
              userId: examAttempts.userId,
              fromVersionId: regradeAttempts.fromVersionId,
              oldScored: regradeAttempts.oldScored,
              newScored: regradeAttempts.newScored,
            })
            .from(regradeAttempts)
            .innerJoin(examAttempts, eq(examAttempts.id, regradeAttempts.attemptId))
            .where(and(inArray(regradeAttempts.regradeId, rows.map((r) => r.id)), userIdInReach(examAttempts.userId, reach)))
            .orderBy(asc(regradeAttempts.attemptId))
        : [];
      return rows.map((r) => ({ ...r, attempts: attempts.filter((a) => a.regradeId === r.id).map(({ regradeId: _id, ...a }) => a) }));
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

    /**
     * An attempt's saved answers without the marks its attempt holds (status and marks null): what
     * a close scores, one read of the answers' rows alone.
     */
    async listAnswersToScore(attemptId: string, executor: Db): Promise<AnswerRow[]> {
      const rows = await executor.select().from(examAnswers).where(eq(examAnswers.attemptId, attemptId));
      return rows.map((row) => ({ ...row, status: null, marksAwarded: null }));
    },

    async listAnswers(attemptId: string, executor: Db = db): Promise<AnswerRow[]> {
      return executor.select(ANSWER_WITH_MARKS).from(examAnswers).innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId)).where(eq(examAnswers.attemptId, attemptId));
    },

    /**
     * saveAnswer in one round trip: checks the attempt (owner, open, deadline, active section),
     * that every item belongs to the task with the right type, then upserts each answer only
     * if its seq is newer. Nothing is written when any item is bad. The attempt row is held
     * with FOR KEY SHARE so that a concurrent submit (FOR UPDATE) waits or wins cleanly.
     */
    async saveAnswersFast(attemptId: string, userId: number, now: Date, items: FastSaveItem[]): Promise<FastSaveOutcome> {
      const values = [attemptId, userId, now.toISOString(), JSON.stringify(items)];
      // A named prepared statement on PostgreSQL: the hot path is parsed and planned once per connection.
      const client = db.$client as {
        query(config: { name: string; text: string; values: unknown[] } | string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
      };
      const result =
        options.driver === 'postgres'
          ? await client.query({ name: 'exam_save_answers_v6', text: SAVE_ANSWERS_SQL, values })
          : await client.query(SAVE_ANSWERS_SQL, values);
      const row = result.rows[0] ?? {};
      const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
      const bad = parse<Record<string, unknown> | null>(row.bad);
      return {
        attempt: parse(row.attempt),
        okCount: toNumber(row.ok_count),
        bad: bad
          ? {
              not_in_test: toNumber(bad.not_in_test),
              type_mismatch: toNumber(bad.type_mismatch),
              wrong_section: toNumber(bad.wrong_section),
              revealed: toNumber(bad.revealed),
              total: toNumber(bad.total),
            }
          : null,
        applied: parse<{ mapId: number; seq: number }[]>(row.applied) ?? [],
        current: parse<{ mapId: number; seq: number }[]>(row.current) ?? [],
      };
    },

    /** Runs fn in one transaction (a regrade: every attempt it moves, its log and its audit entry). */
    async inTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => fn(tx as unknown as Db));
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
      also?: SQL,
    ): Promise<void> {
      const scores = marks.scores;
      const items = {
        itemMapIds: sql`${`{${marks.mapIds.join(',')}}`}::int[]`,
        itemMarks: sql`${`{${scores.map((s) => s.marksAwarded).join(',')}}`}::float8[]`,
        itemStatuses: scores.map((s) => STATUS_LETTER[s.status]).join(''),
      };
      const totals = tx.update(examAttempts).set({ ...attempt, ...items }).where(eq(examAttempts.id, attemptId));
      await tx.execute(also ? sql`WITH totals AS ${totals}, recorded AS (${also}) SELECT 1` : totals.getSQL());
    },

    /** Attempts that were running at `at` (started, deadline not yet reached) and are still open. */
    /** The open attempts that were running at `at`, with their students. */
    async listAttemptsRunningAt(at: Date): Promise<{ id: string; userId: number }[]> {
      return db
        .select({ id: examAttempts.id, userId: examAttempts.userId })
        .from(examAttempts)
        .where(and(eq(examAttempts.status, 'open'), lte(examAttempts.startedAt, at), gt(examAttempts.deadlineAt, at)))
        .orderBy(asc(examAttempts.id));
    },

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

    /** Records that a submit was accepted: from now on saves are refused. False when the attempt is no longer open. */
    async markSubmitRequested(attemptId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(examAttempts)
        .set({ submitRequestedAt: at })
        .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.status, 'open'), isNull(examAttempts.submitRequestedAt)))
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

    async setRevealed(attemptId: string, mapId: number, now: Date): Promise<void> {
      await db
        .insert(examAnswers)
        .values({ attemptId, questionTaskMapId: mapId, isRevealed: true, updatedAt: now })
        .onConflictDoUpdate({ target: [examAnswers.attemptId, examAnswers.questionTaskMapId], set: { isRevealed: true } });
    },

    async upsertEvaluated(
      attemptId: string,
      mapId: number,
      values: { answerData: unknown; fraction: number; now: Date },
    ): Promise<void> {
      await db
        .insert(examAnswers)
        .values({
          attemptId,
          questionTaskMapId: mapId,
          answerId: 'evaluated',
          answerData: values.answerData,
          evaluatedFraction: values.fraction,
          evaluatedAt: values.now,
          updatedAt: values.now,
        })
        .onConflictDoUpdate({
          target: [examAnswers.attemptId, examAnswers.questionTaskMapId],
          set: {
            answerId: sql`coalesce(${examAnswers.answerId}, '"evaluated"'::jsonb)`,
            answerData: values.answerData,
            evaluatedFraction: values.fraction,
            evaluatedAt: values.now,
            updatedAt: values.now,
          },
        });
    },

    async insertQuestionReport(values: typeof questionReports.$inferInsert) {
      const [row] = await db.insert(questionReports).values(values).returning({ id: questionReports.id });
      return row!;
    },

    /**
     * Written answers of submitted attempts, of the students the reach covers (lib/policy.ts
     * studentReachOf): waiting for a mark (oldest submission first), or already marked.
     */
    async listPendingAnswers(filter: { taskId?: number; mapId?: number; status: 'pending' | 'marked' }, reach: StudentReach) {
      return db
        .select({
          attemptId: examAttempts.id,
          userId: examAttempts.userId,
          taskId: examAttempts.taskId,
          mapId: examAnswers.questionTaskMapId,
          answerData: examAnswers.answerData,
          submittedAt: examAttempts.submittedAt,
          teacherMarks: examAnswers.teacherMarks,
          teacherComment: examAnswers.teacherComment,
        })
        .from(examAnswers)
        .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
        .where(
          and(
            eq(examAttempts.status, 'submitted'),
            filter.status === 'pending'
              ? and(sql`substr(${examAttempts.itemStatuses}, array_position(${examAttempts.itemMapIds}, ${examAnswers.questionTaskMapId}), 1) = ${STATUS_LETTER.pending}`, isNull(examAnswers.teacherMarks))
              : isNotNull(examAnswers.teacherMarks),
            filter.taskId ? eq(examAttempts.taskId, filter.taskId) : undefined,
            filter.mapId ? eq(examAnswers.questionTaskMapId, filter.mapId) : undefined,
            userIdInReach(examAttempts.userId, reach),
          ),
        )
        .orderBy(filter.status === 'pending' ? asc(examAttempts.submittedAt) : desc(examAttempts.submittedAt), asc(examAnswers.questionTaskMapId))
        .limit(500);
    },

    async setTeacherMarks(tx: Db, attemptId: string, mapId: number, marks: number, staffId: number, comment: string | null): Promise<void> {
      await tx
        .update(examAnswers)
        .set({ teacherMarks: marks, markedBy: staffId, teacherComment: comment })
        .where(and(eq(examAnswers.attemptId, attemptId), eq(examAnswers.questionTaskMapId, mapId)));
    },

    /** The player was seen (clock sync, session save); written at most every SEEN_STAMP_SECONDS per attempt. */
    async stampSeen(attemptId: string, now: Date): Promise<void> {
      const stale = new Date(now.getTime() - SEEN_STAMP_SECONDS * 1000);
      await db
        .update(examAttempts)
        .set({ lastSeenAt: now })
        .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.status, 'open'), sql`(${examAttempts.lastSeenAt} IS NULL OR ${examAttempts.lastSeenAt} < ${stale})`));
    },

    /** Per test taken by students in reach: running attempts (before their deadline at now), submitted ones, the last start. */
    async listSupervisedTasks(reach: StudentReach, now: Date, limit: number) {
      const running = sql<number>`count(*) FILTER (WHERE ${examAttempts.status} = 'open' AND ${examAttempts.deadlineAt} > ${now})`;
      const rows = await db
        .select({
          taskId: examAttempts.taskId,
          running,
          submitted: sql<number>`count(*) FILTER (WHERE ${examAttempts.status} = 'submitted')`,
          lastStartedAt: sql<Date | string | null>`max(${examAttempts.startedAt})`,
        })
        .from(examAttempts)
        .where(and(eq(examAttempts.testType, 'test'), ne(examAttempts.status, 'prepared'), userIdInReach(examAttempts.userId, reach)))
        .groupBy(examAttempts.taskId)
        .orderBy(desc(running), desc(sql`max(${examAttempts.startedAt})`))
        .limit(limit);
      return rows.map((r) => ({
        taskId: r.taskId,
        running: toNumber(r.running),
        submitted: toNumber(r.submitted),
        lastStartedAt: r.lastStartedAt === null ? null : new Date(r.lastStartedAt),
      }));
    },

    /**
     * The latest attempt per student of a task (students in reach), with how many questions hold an
     * answer and the last save or sync seen.
     */
    async listLiveAttempts(taskId: number, reach: StudentReach) {
      const rows = await db
        .selectDistinctOn([examAttempts.userId], {
          attempt: examAttempts,
          answered: sql<number>`(SELECT count(*) FROM ${examAnswers} ea WHERE ea.attempt_id = ${examAttempts.id} AND ea.answer_id IS NOT NULL AND ea.answer_id <> 'null'::jsonb AND ea.seq > 0)`,
          lastSaveAt: sql<Date | string | null>`(SELECT max(ea.updated_at) FROM ${examAnswers} ea WHERE ea.attempt_id = ${examAttempts.id} AND ea.seq > 0)`,
        })
        .from(examAttempts)
        .where(and(eq(examAttempts.taskId, taskId), ne(examAttempts.status, 'prepared'), userIdInReach(examAttempts.userId, reach)))
        .orderBy(examAttempts.userId, desc(examAttempts.startedAt))
        .limit(2000);
      return rows.map((r) => ({ ...r.attempt, answered: toNumber(r.answered), lastSaveAt: r.lastSaveAt === null ? null : new Date(r.lastSaveAt) }));
    },

    /** Whether the student has another attempt of the task open (one open attempt per student and task). */
    async hasOtherOpenAttempt(tx: Db, userId: number, taskId: number, attemptId: string): Promise<boolean> {
      const rows = await tx
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, userId), eq(examAttempts.taskId, taskId), eq(examAttempts.status, 'open'), ne(examAttempts.id, attemptId)))
        .limit(1);
      return rows.length > 0;
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

    /** A paper attempt's answers, all of them (a cleared question loses its answer). */
    async writePaperAnswers(tx: Db, attemptId: string, answers: { mapId: number; answerId: number | number[] | null; answerData: unknown }[], at: Date): Promise<void> {
      if (!answers.length) return;
      await tx.execute(sql`
        INSERT INTO exam_answers AS e (attempt_id, question_task_map_id, seq, answer_id, answer_data, updated_at)
        SELECT ${attemptId}, x.map_id, 1, x.answer, x.data, ${at.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(answers.map((a) => ({ map_id: a.mapId, answer: a.answerId, data: a.answerData })))}::jsonb) AS x(map_id int, answer jsonb, data jsonb)
        ON CONFLICT (attempt_id, question_task_map_id) DO UPDATE SET answer_id = excluded.answer_id, answer_data = excluded.answer_data, seq = e.seq + 1, updated_at = excluded.updated_at
      `);
    },

    /** A synced attempt's answers as the centre saved them, each with its sequence number (decision 063). */
    async writeSyncedAnswers(tx: Db, attemptId: string, answers: SyncedAnswer[]): Promise<void> {
      if (!answers.length) return;
      await tx.execute(sql`
        INSERT INTO exam_answers (attempt_id, question_task_map_id, seq, answer_id, answer_data, time_spent_seconds, is_marked, first_answer, change_count, updated_at)
        SELECT ${attemptId}, x.map_id, x.seq, x.answer, x.data, x.spent, x.marked, x.first, x.changes, x.at
        FROM jsonb_to_recordset(${JSON.stringify(
          answers.map((a) => ({ map_id: a.mapId, seq: a.seq, answer: a.answerId, data: a.answerData, spent: a.timeSpentSeconds, marked: a.isMarked, first: a.firstAnswer, changes: a.changeCount, at: a.updatedAt.toISOString() })),
        )}::jsonb) AS x(map_id int, seq int, answer jsonb, data jsonb, spent int, marked boolean, first jsonb, changes int, at timestamptz)
        ON CONFLICT (attempt_id, question_task_map_id) DO NOTHING
      `);
    },

    /** Per question, the median seconds spent by those who answered it in a submitted attempt of the task. */
    async classMedianTimes(taskId: number): Promise<Map<number, number>> {
      const result = await db.execute(sql`
        SELECT x.map_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY e.time_spent_seconds) AS median
        FROM ${examAttempts} a
        CROSS JOIN LATERAL unnest(a.item_map_ids, string_to_array(a.item_statuses, NULL)) AS x(map_id, letter)
        JOIN ${examAnswers} e ON e.attempt_id = a.id AND e.question_task_map_id = x.map_id
        WHERE a.task_id = ${taskId} AND a.status = 'submitted' AND x.letter IN (${STATUS_LETTER.correct}, ${STATUS_LETTER.partial}, ${STATUS_LETTER.wrong})
        GROUP BY x.map_id`);
      return new Map(rowsOf<{ map_id: number; median: number }>(result).map((r) => [Number(r.map_id), toNumber(r.median)]));
    },

    /** Per question of a task: how many submitted attempts got it right, out of how many. */
    async classAccuracy(taskId: number): Promise<Map<number, { correct: number; total: number }>> {
      const result = await db.execute(sql`
        SELECT x.map_id, count(*) FILTER (WHERE x.letter = ${STATUS_LETTER.correct}) AS correct, count(*) AS total
        FROM ${examAttempts} a
        CROSS JOIN LATERAL unnest(a.item_map_ids, string_to_array(a.item_statuses, NULL)) AS x(map_id, letter)
        WHERE a.task_id = ${taskId} AND a.status = 'submitted'
        GROUP BY x.map_id`);
      return new Map(rowsOf<{ map_id: number; correct: number; total: number }>(result).map((r) => [Number(r.map_id), { correct: toNumber(r.correct), total: toNumber(r.total) }]));
    },
  };
}

export type ExamRepository = ReturnType<typeof createExamRepository>;
