import { and, asc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  attemptsTaken,
  bankVersions,
  courseTopics,
  instituteDirectory,
  itemCalibrations,
  questionFilings,
  questionStatements,
  scoredResponses,
  servedVersions,
  taskHeads,
  userDirectory,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/raw-rows.js';
import { statusOfLetterSql } from '../../db/status-letters.js';

/** Where a calibration's responses come from: an institute's students, or (institute null) the whole client's. */
export interface CalibrationScope {
  clientId: string;
  instituteId: number | null;
}

/** One scored answer of a submitted attempt, with the version it was served. */
export interface ResponseRow {
  userId: number;
  questionId: number;
  questionVersionId: number;
  version: number;
  questionType: string;
  /** correct | partial | wrong | unanswered | pending | null */
  status: string | null;
  answerId: unknown;
  correctAnswerId: number | number[] | null;
}

/** A version's number and its statement in each language it has. */
export interface VersionTexts {
  version: number;
  defaultLanguage: string;
  texts: Record<string, string>;
}

export type NewItemCalibration = typeof itemCalibrations.$inferInsert;
export type ItemCalibrationRow = typeof itemCalibrations.$inferSelect;

const inScope = (scope: CalibrationScope) =>
  and(eq(itemCalibrations.clientId, scope.clientId), scope.instituteId === null ? isNull(itemCalibrations.instituteId) : eq(itemCalibrations.instituteId, scope.instituteId));

/** How the scope's responses are read: attempts per query of their answers, and per page of the attempt list. */
export interface ResponseBatching {
  attemptsPerBatch?: number;
  attemptsPerPage?: number;
}

/**
 * About 9,000 responses a query for a 180-question test: parsing a batch's result holds the event
 * loop for some tens of milliseconds (at 100 attempts, up to 150 ms on a loaded machine).
 */
export const RESPONSE_BATCH_ATTEMPTS = 50;
/** Each page of the scope's attempt list is one scan of its submitted attempts: few pages, small rows. */
const ATTEMPT_PAGE = 5000;

export function createPsychometricsRepository(db: Db) {
  /**
   * The answers of these submitted attempts, in the attempts' order (submission, id), then question
   * order. Both halves are read first, by their key, and then matched: joined directly, the planner
   * scans every attempt's versions (a million rows) for each batch, or (misjudging how many
   * questions an attempt has) matches each served version against all of its attempt's questions.
   */
  async function answersOf(attemptIds: string[]): Promise<ResponseRow[]> {
    const result = await db.execute(sql`
      WITH served AS MATERIALIZED (
        SELECT attempt_id, question_task_map_id, question_version_id FROM ${servedVersions} WHERE attempt_id IN ${attemptIds}
      ), scored AS MATERIALIZED (
        -- Every question the attempt was scored on, with the status it holds (decision 086), and its answer if one was saved.
        SELECT attempt_id, user_id, submitted_at, question_task_map_id, status_letter, answer_id FROM ${scoredResponses} WHERE attempt_id IN ${attemptIds}
      )
      SELECT r.user_id AS "userId", qv.question_id AS "questionId", qv.version_id AS "questionVersionId", qv.version, qv.question_type AS "questionType",
             ${statusOfLetterSql(sql`r.status_letter`)} AS status,
             r.answer_id AS "answerId", qv.correct_answer_id AS "correctAnswerId"
      FROM scored r
      JOIN served s ON s.attempt_id = r.attempt_id AND s.question_task_map_id = r.question_task_map_id
      JOIN ${bankVersions} qv ON qv.version_id = s.question_version_id
      ORDER BY r.submitted_at, r.attempt_id, r.question_task_map_id`);
    return rowsOf<ResponseRow>(result);
  }

  return {
    async findInstitute(id: number): Promise<{ id: number; clientId: string } | null> {
      const [row] = await db.select({ id: instituteDirectory.id, clientId: instituteDirectory.clientId }).from(instituteDirectory).where(eq(instituteDirectory.id, id));
      return row ?? null;
    },

    /**
     * Every answer of a submitted attempt by a student of the scope, oldest attempt first (an
     * attempt's answers in question order), with the version it was served (recorded per attempt,
     * or through the attempt's served set); in batches of the answers of `attemptsPerBatch`
     * attempts, so that a scope of a million responses never arrives as one result.
     */
    async *responseBatches(scope: CalibrationScope, batching: ResponseBatching = {}): AsyncGenerator<ResponseRow[]> {
      const { attemptsPerBatch = RESPONSE_BATCH_ATTEMPTS, attemptsPerPage = ATTEMPT_PAGE } = batching;
      // The keyset: the last attempt read. Its time as text keeps PostgreSQL's microseconds, which a Date would cut.
      let after: { submittedAt: string; id: string } | null = null;
      for (;;) {
        const page: { id: string; submittedAt: string }[] = await db
          .select({ id: attemptsTaken.attemptId, submittedAt: sql<string>`${attemptsTaken.submittedAt}::text` })
          .from(attemptsTaken)
          .innerJoin(userDirectory, eq(userDirectory.id, attemptsTaken.userId))
          .where(
            and(
              eq(attemptsTaken.status, 'submitted'),
              isNotNull(attemptsTaken.submittedAt),
              eq(userDirectory.clientId, scope.clientId),
              scope.instituteId === null ? undefined : eq(userDirectory.instituteId, scope.instituteId),
              // A test made for one student from their weakest cards (decision 081) is no sample of the class.
              sql`not exists (select 1 from ${taskHeads} where ${taskHeads.id} = ${attemptsTaken.taskId} and ${taskHeads.ownerUserId} is not null)`,
              after === null ? undefined : sql`(${attemptsTaken.submittedAt}, ${attemptsTaken.attemptId}) > (${after.submittedAt}::timestamptz, ${after.id})`,
            ),
          )
          .orderBy(asc(attemptsTaken.submittedAt), asc(attemptsTaken.attemptId))
          .limit(attemptsPerPage);
        for (let at = 0; at < page.length; at += attemptsPerBatch) {
          const rows = await answersOf(page.slice(at, at + attemptsPerBatch).map((attempt) => attempt.id));
          if (rows.length > 0) yield rows;
        }
        if (page.length < attemptsPerPage) return;
        after = page[page.length - 1]!;
      }
    },

    /** Replaces the scope's calibration with `rows` inside `tx` (the job's own transaction). */
    async replaceScope(tx: Db, scope: CalibrationScope, rows: NewItemCalibration[]): Promise<void> {
      await tx.delete(itemCalibrations).where(inScope(scope));
      for (let at = 0; at < rows.length; at += 500) await tx.insert(itemCalibrations).values(rows.slice(at, at + 500));
    },

    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => fn(tx as unknown as Db));
    },

    async listScope(scope: CalibrationScope): Promise<ItemCalibrationRow[]> {
      return db.select().from(itemCalibrations).where(inScope(scope)).orderBy(asc(itemCalibrations.questionId), asc(itemCalibrations.questionVersionId));
    },

    /**
     * Institutes whose students submitted an attempt after the institute's last calibration (or
     * never calibrated): the nightly run calibrates only these.
     */
    async institutesWithNewAttempts(): Promise<CalibrationScope[]> {
      const last = db
        .select({ instituteId: itemCalibrations.instituteId, at: max(itemCalibrations.calibratedAt).as('at') })
        .from(itemCalibrations)
        .where(isNotNull(itemCalibrations.instituteId))
        .groupBy(itemCalibrations.instituteId)
        .as('last');
      const rows = await db
        .selectDistinct({ clientId: instituteDirectory.clientId, instituteId: instituteDirectory.id })
        .from(attemptsTaken)
        .innerJoin(userDirectory, eq(userDirectory.id, attemptsTaken.userId))
        .innerJoin(instituteDirectory, eq(instituteDirectory.id, userDirectory.instituteId))
        .leftJoin(last, eq(last.instituteId, instituteDirectory.id))
        .where(and(eq(attemptsTaken.status, 'submitted'), sql`(${last.at} is null or ${attemptsTaken.submittedAt} > ${last.at})`));
      return rows;
    },

    /** The institutes of a client (or the one institute), by name. */
    async listInstitutes(clientId: string, instituteId: number | null): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: instituteDirectory.id, name: instituteDirectory.name })
        .from(instituteDirectory)
        .where(and(eq(instituteDirectory.clientId, clientId), instituteId === null ? undefined : eq(instituteDirectory.id, instituteId)))
        .orderBy(asc(instituteDirectory.name));
    },

    /** Each version's number, default language and statement texts (every language it has). */
    async versionTexts(ids: number[]): Promise<Map<number, VersionTexts>> {
      const out = new Map<number, VersionTexts>();
      if (ids.length === 0) return out;
      const unique = [...new Set(ids)];
      const rows = await db
        .select({ id: questionStatements.versionId, version: questionStatements.version, defaultLanguage: questionStatements.defaultLanguage, language: questionStatements.language, data: questionStatements.data })
        .from(questionStatements)
        .where(inArray(questionStatements.versionId, unique));
      for (const row of rows) {
        const entry = out.get(row.id) ?? { version: row.version, defaultLanguage: row.defaultLanguage, texts: {} };
        if (row.language) entry.texts[row.language] = row.data ?? '';
        out.set(row.id, entry);
      }
      return out;
    },

    /**
     * Each question's first filed topic (by course and order) and its subject: the top of that
     * topic's tree, when the topic sits under one.
     */
    async topicsOf(questionIds: number[]): Promise<Map<number, { subject: string | null; topic: string }>> {
      const out = new Map<number, { subject: string | null; topic: string }>();
      if (questionIds.length === 0) return out;
      const result = await db.execute(sql`
        WITH RECURSIVE first AS (
          SELECT DISTINCT ON (qt.question_id) qt.question_id, t.id, t.name, t.parent_id
          FROM ${questionFilings} qt JOIN ${courseTopics} t ON t.id = qt.topic_id
          WHERE qt.question_id IN ${[...new Set(questionIds)]}
          ORDER BY qt.question_id, t.course_id, t.sort_order, t.id
        ), up AS (
          SELECT question_id, name AS topic, name, parent_id, 0 AS depth FROM first
          UNION ALL
          SELECT up.question_id, up.topic, p.name, p.parent_id, up.depth + 1
          FROM up JOIN ${courseTopics} p ON p.id = up.parent_id
          WHERE up.depth < 16
        )
        SELECT question_id, topic, name, depth FROM up WHERE parent_id IS NULL`);
      for (const row of rowsOf<{ question_id: number; topic: string; name: string; depth: number }>(result)) {
        out.set(Number(row.question_id), { topic: row.topic, subject: Number(row.depth) > 0 ? row.name : null });
      }
      return out;
    },
  };
}

export type PsychometricsRepository = ReturnType<typeof createPsychometricsRepository>;
