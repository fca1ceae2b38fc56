import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { examAnswers, examAttempts } from '../../db/schema/index.js';
import { rowsOf } from '../../db/raw-rows.js';
import { statusOfLetterSql } from '../../db/status-letters.js';
import { userIdInReach } from '../../db/student-reach.js';
import type { StudentReach } from '../../lib/policy.js';
import { STATUS_LETTER, type QuestionScore } from '../../question-kinds/index.js';
import { inPieces, toNumber } from './exam.shared.repository.js';

/*
 * Answers (exam_answers): the save in one round trip, reads with the marks their attempt holds,
 * reveals, evaluated and teacher marks, paper and synced answers. Tasks, sections and questions
 * are the academy's and the bank's (read through their services). For the hot path, the saveAnswer
 * statement below checks each item against their published views, placed_questions and
 * current_questions, inside the same round trip (decisions 007, 094). See docs/decisions/009-exam-split.md.
 */

/**
 * A saved answer with the marks and status its attempt holds for the question (decision 086:
 * they are kept once, on the attempt; both null until the attempt is scored).
 */
export type AnswerRow = typeof examAnswers.$inferSelect & { status: QuestionScore['status'] | null; marksAwarded: number | null };

/**
 * What scoring and the summary read of a saved answer: a close reads these columns alone (its
 * group's thousands of rows go through the protocol and are built here, without the ORM).
 */
export type AnswerToScore = Pick<AnswerRow, 'questionTaskMapId' | 'answerId' | 'answerData' | 'timeSpentSeconds' | 'firstAnswer' | 'changeCount' | 'evaluatedFraction' | 'teacherMarks'>;

/**
 * Those columns of one answer, in this order, as an element of its attempt's JSON array: a close
 * group's answers come as one row and one JSON text per attempt, not one row per answer.
 */
type AnswerToScoreTuple = [
  questionTaskMapId: number,
  answerId: unknown,
  answerData: unknown,
  timeSpentSeconds: number,
  firstAnswer: { id: unknown; data: unknown } | null,
  changeCount: number,
  evaluatedFraction: number | null,
  teacherMarks: number | null,
];

/** The place of an answer's question among its attempt's marks. */
const markPlace = sql`array_position(${examAttempts.itemMapIds}, ${examAnswers.questionTaskMapId})`;
/** An answer's columns and the marks and status its attempt holds for it (joined to exam_attempts). */
const ANSWER_WITH_MARKS = {
  ...getTableColumns(examAnswers),
  marksAwarded: sql<number | null>`${examAttempts.itemMarks}[${markPlace}]`,
  status: statusOfLetterSql(sql`substr(${examAttempts.itemStatuses}, ${markPlace}, 1)`),
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

/** One item of a save, as the save statement takes it. */
export interface FastSaveItem {
  mapId: number;
  questionType: string;
  seq: number;
  answerId: unknown;
  answerData: unknown;
  timeSpent: number;
  isMarked: boolean | null;
}

export interface FastSaveOutcome {
  attempt: {
    id: string;
    userId: number;
    status: string;
    deadlineAt: string;
    activeSectionDeadlineAt: string | null;
    submitRequestedAt: string | null;
  } | null;
  okCount: number;
  bad: { notInTest: number; typeMismatch: number; wrongSection: number; revealed: number; total: number } | null;
  applied: { mapId: number; seq: number }[];
  current: { mapId: number; seq: number }[];
}

/** The attempt as the save statement answers it (row_to_json: timestamps as strings). */
interface SavedAttemptRow {
  id: string;
  user_id: number;
  status: string;
  deadline_at: string;
  active_section_deadline_at: string | null;
  submit_requested_at: string | null;
}

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
      SELECT pq.map_id AS found_map_id, q.question_type, pq.section_index
      FROM placed_questions pq
      JOIN current_questions q ON q.question_id = pq.question_id
      WHERE pq.map_id = i.map_id AND pq.task_id = (SELECT task_id FROM att)
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

export function createExamAnswersRepository(db: Db, options: { driver: 'pglite' | 'postgres' } = { driver: 'postgres' }) {
  return {
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

    /** Attempts' saved answers as scoring reads them: one read of the answers' rows for the attempts closed together. */
    async listAnswersToScore(attemptIds: string[], executor: Db): Promise<Map<string, AnswerToScore[]>> {
      const byAttempt = new Map<string, AnswerToScore[]>(attemptIds.map((id) => [id, []]));
      if (!attemptIds.length) return byAttempt;
      // Built by the driver, the group's thousands of rows (150 an attempt) cost the server 0.45–0.55 ms
      // an attempt: each attempt's answers come as the text of one JSON array instead, parsed at once
      // (0.17–0.2 ms; PostgreSQL pays about 0.1 ms more for the text). The text is put together
      // here rather than with json_build_array, which looks up each value's type on every row (half
      // as costly again to PostgreSQL). The columns' own texts are JSON: jsonb's is, and the numbers
      // are finite (a fraction in 0–1, a teacher's mark).
      const json = (column: string) => `coalesce(${column}::text, 'null')`;
      const rows = rowsOf<{ attempt_id: string; answers: string }>(
        await executor.execute(
          sql`SELECT attempt_id, string_agg('[' || question_task_map_id || ',' || ${sql.raw(json('answer_id'))} || ',' || ${sql.raw(json('answer_data'))} || ','
                || time_spent_seconds || ',' || ${sql.raw(json('first_answer'))} || ',' || change_count || ',' || ${sql.raw(json('evaluated_fraction'))}
                || ',' || ${sql.raw(json('teacher_marks'))} || ']', ',') AS answers
              FROM ${examAnswers} WHERE ${inArray(examAnswers.attemptId, attemptIds)} GROUP BY attempt_id`,
        ),
      );
      for (const row of rows) {
        const answers = byAttempt.get(row.attempt_id);
        if (!answers) continue;
        for (const [questionTaskMapId, answerId, answerData, timeSpentSeconds, firstAnswer, changeCount, evaluatedFraction, teacherMarks] of JSON.parse(`[${row.answers}]`) as AnswerToScoreTuple[]) {
          answers.push({ questionTaskMapId, answerId, answerData, timeSpentSeconds, firstAnswer, changeCount, evaluatedFraction, teacherMarks });
        }
      }
      return byAttempt;
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
      const input = items.map((i) => ({
        map_id: i.mapId,
        qtype: i.questionType,
        seq: i.seq,
        answer_id: i.answerId,
        answer_data: i.answerData,
        time_spent: i.timeSpent,
        is_marked: i.isMarked,
      }));
      const values = [attemptId, userId, now.toISOString(), JSON.stringify(input)];
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
      const attempt = parse<SavedAttemptRow | null>(row.attempt);
      const bad = parse<Record<string, unknown> | null>(row.bad);
      return {
        attempt: attempt
          ? {
              id: attempt.id,
              userId: attempt.user_id,
              status: attempt.status,
              deadlineAt: attempt.deadline_at,
              activeSectionDeadlineAt: attempt.active_section_deadline_at,
              submitRequestedAt: attempt.submit_requested_at,
            }
          : null,
        okCount: toNumber(row.ok_count),
        bad: bad
          ? {
              notInTest: toNumber(bad.not_in_test),
              typeMismatch: toNumber(bad.type_mismatch),
              wrongSection: toNumber(bad.wrong_section),
              revealed: toNumber(bad.revealed),
              total: toNumber(bad.total),
            }
          : null,
        applied: parse<{ mapId: number; seq: number }[]>(row.applied) ?? [],
        current: parse<{ mapId: number; seq: number }[]>(row.current) ?? [],
      };
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
              ? and(sql`substr(${examAttempts.itemStatuses}, ${markPlace}, 1) = ${STATUS_LETTER.pending}`, isNull(examAnswers.teacherMarks))
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
  };
}
