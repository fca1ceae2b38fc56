import { and, asc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  attemptQuestionVersions,
  examAnswers,
  examAttempts,
  institutes,
  itemCalibrations,
  questions,
  questionTopics,
  questionVersions,
  questionVersionTexts,
  servedSetVersions,
  topics,
  users,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/raw-rows.js';

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

export function createPsychometricsRepository(db: Db) {
  return {
    async findInstitute(id: number): Promise<{ id: number; clientId: string } | null> {
      const [row] = await db.select({ id: institutes.id, clientId: institutes.clientId }).from(institutes).where(eq(institutes.id, id));
      return row ?? null;
    },

    /**
     * Every answer of a submitted attempt by a student of the scope, oldest attempt first, with the
     * version it was served (recorded per attempt, or through the attempt's served set).
     */
    async listResponses(scope: CalibrationScope): Promise<ResponseRow[]> {
      const versionId = sql<number>`coalesce(${attemptQuestionVersions.questionVersionId}, ${servedSetVersions.questionVersionId})`;
      return db
        .select({
          userId: examAttempts.userId,
          questionId: questionVersions.questionId,
          questionVersionId: questionVersions.id,
          version: questionVersions.version,
          questionType: questions.questionType,
          status: examAnswers.status,
          answerId: examAnswers.answerId,
          correctAnswerId: questionVersions.correctAnswerId,
        })
        .from(examAnswers)
        .innerJoin(examAttempts, and(eq(examAttempts.id, examAnswers.attemptId), eq(examAttempts.status, 'submitted')))
        .innerJoin(users, eq(users.id, examAttempts.userId))
        .leftJoin(
          attemptQuestionVersions,
          and(eq(attemptQuestionVersions.attemptId, examAttempts.id), eq(attemptQuestionVersions.questionTaskMapId, examAnswers.questionTaskMapId)),
        )
        .leftJoin(servedSetVersions, and(eq(servedSetVersions.setId, examAttempts.servedSetId), eq(servedSetVersions.questionTaskMapId, examAnswers.questionTaskMapId)))
        .innerJoin(questionVersions, eq(questionVersions.id, versionId))
        .innerJoin(questions, eq(questions.id, questionVersions.questionId))
        .where(and(eq(users.clientId, scope.clientId), scope.instituteId === null ? undefined : eq(users.instituteId, scope.instituteId)))
        .orderBy(asc(examAttempts.submittedAt), asc(examAttempts.id));
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
        .selectDistinct({ clientId: institutes.clientId, instituteId: institutes.id })
        .from(examAttempts)
        .innerJoin(users, eq(users.id, examAttempts.userId))
        .innerJoin(institutes, eq(institutes.id, users.instituteId))
        .leftJoin(last, eq(last.instituteId, institutes.id))
        .where(and(eq(examAttempts.status, 'submitted'), sql`(${last.at} is null or ${examAttempts.submittedAt} > ${last.at})`));
      return rows;
    },

    /** The institutes of a client (or the one institute), by name. */
    async listInstitutes(clientId: string, instituteId: number | null): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: institutes.id, name: institutes.name })
        .from(institutes)
        .where(and(eq(institutes.clientId, clientId), instituteId === null ? undefined : eq(institutes.id, instituteId)))
        .orderBy(asc(institutes.name));
    },

    /** Each version's number, default language and statement texts (every language it has). */
    async versionTexts(ids: number[]): Promise<Map<number, VersionTexts>> {
      const out = new Map<number, VersionTexts>();
      if (ids.length === 0) return out;
      const unique = [...new Set(ids)];
      const rows = await db
        .select({ id: questionVersions.id, version: questionVersions.version, defaultLanguage: questionVersions.defaultLanguage, language: questionVersionTexts.language, data: questionVersionTexts.data })
        .from(questionVersions)
        .leftJoin(questionVersionTexts, eq(questionVersionTexts.versionId, questionVersions.id))
        .where(inArray(questionVersions.id, unique));
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
          FROM ${questionTopics} qt JOIN ${topics} t ON t.id = qt.topic_id
          WHERE qt.question_id IN ${[...new Set(questionIds)]}
          ORDER BY qt.question_id, t.course_id, t.sort_order, t.id
        ), up AS (
          SELECT question_id, name AS topic, name, parent_id, 0 AS depth FROM first
          UNION ALL
          SELECT up.question_id, up.topic, p.name, p.parent_id, up.depth + 1
          FROM up JOIN ${topics} p ON p.id = up.parent_id
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
