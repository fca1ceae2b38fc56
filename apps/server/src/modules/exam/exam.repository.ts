import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attemptQuestionVersions, examAnswers, examAttempts, questionReports, regradeAttempts, regrades } from '../../db/schema/index.js';
import { userIdInReach } from '../../db/student-reach.js';
import type { StudentReach } from '../../lib/policy.js';
import type { AttemptTiming } from './exam.timing.js';

/*
 * The exam's tables: attempts, their answers and question reports. Tasks, sections and questions
 * are the academy's (read through its service). One exception, for the hot path: the saveAnswer
 * statement below checks each item against task_questions, questions and task_sections inside the
 * same round trip (decision 007); it only reads them. See docs/decisions/009-exam-split.md.
 */

export type AttemptRow = typeof examAttempts.$inferSelect;
export type AnswerRow = typeof examAnswers.$inferSelect;

export interface FastSaveItem {
  qtm: number;
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
  } | null;
  okCount: number;
  bad: { not_in_test: number; type_mismatch: number; wrong_section: number; revealed: number; total: number } | null;
  applied: { qtm: number; seq: number }[];
  current: { qtm: number; seq: number }[];
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
    SELECT id, user_id, task_id, status, started_at, deadline_at, active_section_index, active_section_deadline_at
    FROM exam_attempts WHERE id = $1
    FOR KEY SHARE
  ),
  ok AS (
    SELECT id, task_id, started_at, active_section_index FROM att
    WHERE user_id = $2 AND status = 'open' AND deadline_at > $3::timestamptz
      AND (active_section_deadline_at IS NULL OR active_section_deadline_at > $3::timestamptz)
  ),
  input AS (
    SELECT DISTINCT ON (x.qtm) x.* FROM jsonb_to_recordset($4::jsonb)
      AS x(qtm int, qtype text, seq int, answer_id jsonb, answer_data jsonb, time_spent int, is_marked boolean)
    ORDER BY x.qtm, x.seq DESC
  ),
  checked AS (
    -- One index lookup per saved item (LIMIT 1 keeps each LATERAL a parametrised nested loop),
    -- whatever the size of the test or of the question bank.
    SELECT i.*, m.map_id, m.question_type, m.section_index, coalesce(e.is_revealed, false) AS is_revealed, e.seq AS held_seq
    FROM input i
    LEFT JOIN LATERAL (
      SELECT tq.id AS map_id, q.question_type, s.section_index
      FROM task_questions tq
      JOIN questions q ON q.id = tq.question_id
      LEFT JOIN task_sections s ON s.id = tq.section_id
      WHERE tq.id = i.qtm AND tq.task_id = (SELECT task_id FROM att)
      LIMIT 1
    ) m ON true
    LEFT JOIN LATERAL (
      SELECT ea.is_revealed, ea.seq FROM exam_answers ea
      WHERE ea.attempt_id = $1 AND ea.question_task_map_id = i.qtm
      LIMIT 1
    ) e ON true
  ),
  bad AS (
    SELECT
      count(*) FILTER (WHERE map_id IS NULL) AS not_in_test,
      count(*) FILTER (WHERE map_id IS NOT NULL AND question_type <> qtype) AS type_mismatch,
      count(*) FILTER (WHERE (SELECT active_section_index FROM ok) IS NOT NULL
                       AND section_index IS DISTINCT FROM (SELECT active_section_index FROM ok)) AS wrong_section,
      count(*) FILTER (WHERE is_revealed) AS revealed,
      count(*) AS total
    FROM checked
  ),
  up AS (
    INSERT INTO exam_answers AS e (attempt_id, question_task_map_id, seq, answer_id, answer_data, time_spent_seconds, is_marked, updated_at)
    SELECT ok.id, c.qtm, c.seq, c.answer_id, c.answer_data,
           LEAST(c.time_spent, GREATEST(0, floor(extract(epoch FROM ($3::timestamptz - ok.started_at))))::int),
           coalesce(c.is_marked, false), $3::timestamptz
    FROM checked c CROSS JOIN ok CROSS JOIN bad
    WHERE bad.not_in_test = 0 AND bad.type_mismatch = 0 AND bad.wrong_section = 0 AND bad.revealed < bad.total
      AND NOT c.is_revealed
    ON CONFLICT (attempt_id, question_task_map_id) DO UPDATE SET
      seq = excluded.seq,
      answer_id = excluded.answer_id,
      answer_data = excluded.answer_data,
      time_spent_seconds = GREATEST(e.time_spent_seconds, excluded.time_spent_seconds),
      is_marked = excluded.is_marked,
      updated_at = excluded.updated_at
    WHERE e.seq < excluded.seq
    RETURNING e.question_task_map_id AS qtm, e.seq
  )
  SELECT
    (SELECT row_to_json(att) FROM att) AS attempt,
    (SELECT count(*) FROM ok) AS ok_count,
    (SELECT row_to_json(bad) FROM bad) AS bad,
    (SELECT coalesce(json_agg(json_build_object('qtm', qtm, 'seq', seq)), '[]'::json) FROM up) AS applied,
    -- The seq held before this statement, for the items that were not applied.
    (SELECT coalesce(json_agg(json_build_object('qtm', qtm, 'seq', held_seq)), '[]'::json)
       FROM checked WHERE held_seq IS NOT NULL) AS current
`;


export function createExamRepository(db: Db, options: { driver: 'pglite' | 'postgres' } = { driver: 'postgres' }) {
  return {
    async getAttempt(id: string): Promise<AttemptRow | undefined> {
      const [row] = await db.select().from(examAttempts).where(eq(examAttempts.id, id)).limit(1);
      return row;
    },

    async findOpenAttempt(userId: number, taskId: number): Promise<AttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, userId), eq(examAttempts.taskId, taskId), eq(examAttempts.status, 'open')))
        .limit(1);
      return row;
    },

    /** Whether the student has a finished (submitted) attempt at the task. */
    async hasFinishedAttempt(userId: number, taskId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, userId), eq(examAttempts.taskId, taskId), ne(examAttempts.status, 'open')))
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
        .where(and(eq(examAttempts.userId, userId), inArray(examAttempts.taskId, taskIds)))
        .orderBy(examAttempts.taskId, desc(examAttempts.startedAt));
    },

    /**
     * Inserts the attempt with the version of each question it is served, unless the student
     * already has an open attempt at the task (then returns undefined and writes nothing).
     */
    async insertAttempt(
      values: typeof examAttempts.$inferInsert,
      served: { questionTaskMapId: number; questionId: number; questionVersionId: number }[],
    ): Promise<AttemptRow | undefined> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(examAttempts)
          .values(values)
          .onConflictDoNothing({ target: [examAttempts.userId, examAttempts.taskId], where: sql`status = 'open'` })
          .returning();
        const attempt = rows[0];
        if (attempt && served.length) await tx.insert(attemptQuestionVersions).values(served.map((s) => ({ attemptId: attempt.id, ...s })));
        return attempt;
      });
    },

    /** The version of each question an attempt was served, by questionTaskMapID. */
    async listServedVersions(attemptId: string): Promise<Map<number, number>> {
      const rows = await db
        .select({ mapId: attemptQuestionVersions.questionTaskMapId, versionId: attemptQuestionVersions.questionVersionId })
        .from(attemptQuestionVersions)
        .where(eq(attemptQuestionVersions.attemptId, attemptId));
      return new Map(rows.map((r) => [r.mapId, r.versionId]));
    },

    /** Submitted attempts served one of the given versions of a question (a regrade's work list). */
    async listServedSubmitted(questionId: number, versionIds: number[]) {
      if (!versionIds.length) return [];
      return db
        .select({ attemptId: attemptQuestionVersions.attemptId, mapId: attemptQuestionVersions.questionTaskMapId, versionId: attemptQuestionVersions.questionVersionId })
        .from(attemptQuestionVersions)
        .innerJoin(examAttempts, eq(examAttempts.id, attemptQuestionVersions.attemptId))
        .where(
          and(
            eq(attemptQuestionVersions.questionId, questionId),
            inArray(attemptQuestionVersions.questionVersionId, versionIds),
            eq(examAttempts.status, 'submitted'),
          ),
        )
        .orderBy(asc(examAttempts.submittedAt), asc(examAttempts.id));
    },

    async insertRegrade(values: typeof regrades.$inferInsert): Promise<number> {
      const [row] = await db.insert(regrades).values(values).returning({ id: regrades.id });
      return row!.id;
    },

    /**
     * Moves one attempt's served version of a question on, only from the version it was read at,
     * so that two regrades at once cannot both re-score it. False when it had moved already.
     */
    async moveServedVersion(tx: Db, input: { attemptId: string; mapId: number; fromVersionId: number; toVersionId: number }): Promise<boolean> {
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

    /** The regrades of a question with the attempts each re-scored, newest first. */
    async listRegrades(questionId: number) {
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
            .where(inArray(regradeAttempts.regradeId, rows.map((r) => r.id)))
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

    async listAnswers(attemptId: string, executor: Db = db): Promise<AnswerRow[]> {
      return executor.select().from(examAnswers).where(eq(examAnswers.attemptId, attemptId));
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
          ? await client.query({ name: 'exam_save_answers_v3', text: SAVE_ANSWERS_SQL, values })
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
        applied: parse<{ qtm: number; seq: number }[]>(row.applied) ?? [],
        current: parse<{ qtm: number; seq: number }[]>(row.current) ?? [],
      };
    },

    /** Runs fn in a transaction holding the attempt row (FOR UPDATE); saves wait until it ends. */
    async withLockedAttempt<T>(attemptId: string, fn: (tx: Db, attempt: AttemptRow | undefined) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const [attempt] = await executor.select().from(examAttempts).where(eq(examAttempts.id, attemptId)).for('update');
        return fn(executor, attempt);
      });
    },

    async writeScores(
      tx: Db,
      attemptId: string,
      scores: { qtm: number; marksAwarded: number; status: string }[],
      attempt: Partial<typeof examAttempts.$inferInsert>,
    ): Promise<void> {
      if (scores.length) {
        // Unanswered questions get a row too, so reports and class accuracy see every question.
        await tx.execute(sql`
          INSERT INTO exam_answers AS e (attempt_id, question_task_map_id, seq, marks_awarded, status, updated_at)
          SELECT ${attemptId}, x.qtm, 0, x.marks, x.status, now()
          FROM jsonb_to_recordset(${JSON.stringify(scores.map((s) => ({ qtm: s.qtm, marks: s.marksAwarded, status: s.status })))}::jsonb)
            AS x(qtm int, marks float8, status text)
          ON CONFLICT (attempt_id, question_task_map_id) DO UPDATE SET marks_awarded = excluded.marks_awarded, status = excluded.status
        `);
      }
      await tx.update(examAttempts).set(attempt).where(eq(examAttempts.id, attemptId));
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

    /** Written answers of submitted attempts still waiting for a teacher's mark, oldest submission first. */
    /** Written answers waiting for a mark, of the students the reach covers (lib/policy.ts studentReachOf). */
    async listPendingAnswers(taskId: number | undefined, reach: StudentReach) {
      return db
        .select({
          attemptId: examAttempts.id,
          userId: examAttempts.userId,
          taskId: examAttempts.taskId,
          mapId: examAnswers.questionTaskMapId,
          answerData: examAnswers.answerData,
          submittedAt: examAttempts.submittedAt,
        })
        .from(examAnswers)
        .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
        .where(
          and(
            eq(examAttempts.status, 'submitted'),
            eq(examAnswers.status, 'pending'),
            isNull(examAnswers.teacherMarks),
            taskId ? eq(examAttempts.taskId, taskId) : undefined,
            userIdInReach(examAttempts.userId, reach),
          ),
        )
        .orderBy(asc(examAttempts.submittedAt))
        .limit(500);
    },

    async setTeacherMarks(tx: Db, attemptId: string, mapId: number, marks: number, staffId: number): Promise<void> {
      await tx
        .update(examAnswers)
        .set({ teacherMarks: marks, markedBy: staffId })
        .where(and(eq(examAnswers.attemptId, attemptId), eq(examAnswers.questionTaskMapId, mapId)));
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

    /** Scores of every submitted attempt of a task (rank and percentile). */
    async listTaskScores(taskId: number): Promise<number[]> {
      const rows = await db
        .select({ scored: examAttempts.scored })
        .from(examAttempts)
        .where(and(eq(examAttempts.taskId, taskId), eq(examAttempts.status, 'submitted')));
      return rows.map((r) => r.scored ?? 0);
    },

    /** Per question of a task: how many submitted attempts got it right, out of how many. */
    async classAccuracy(taskId: number): Promise<Map<number, { correct: number; total: number }>> {
      const rows = await db
        .select({
          qtm: examAnswers.questionTaskMapId,
          correct: sql<number>`count(*) FILTER (WHERE ${examAnswers.status} = 'correct')`,
          total: sql<number>`count(*)`,
        })
        .from(examAnswers)
        .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
        .where(and(eq(examAttempts.taskId, taskId), eq(examAttempts.status, 'submitted')))
        .groupBy(examAnswers.questionTaskMapId);
      return new Map(rows.map((r) => [r.qtm, { correct: toNumber(r.correct), total: toNumber(r.total) }]));
    },
  };
}

export type ExamRepository = ReturnType<typeof createExamRepository>;
