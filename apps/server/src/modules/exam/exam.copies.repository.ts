import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attemptQuestionVersions, examAnswers, examAttempts, servedSetVersions } from '../../db/schema/index.js';

/**
 * What an exam centre reads of its attempts (decision 099): the rows it seals into an attempt's
 * chain as the tables hold them, and the invigilator's view of a room. Each call runs on the `db` given.
 */
export function createExamCopies(db: Db) {
  return {
    /** The submitted attempts of students at tests, the oldest first: id and submission only. */
    async submittedAttempts(taskIds: number[], userIds: number[]) {
      if (!taskIds.length || !userIds.length) return [];
      return db
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(and(eq(examAttempts.status, 'submitted'), inArray(examAttempts.taskId, taskIds), inArray(examAttempts.userId, userIds)))
        .orderBy(asc(examAttempts.submittedAt), asc(examAttempts.id));
    },

    /** The attempts' rows, the oldest submitted first. */
    async attemptsByIds(ids: string[]) {
      if (!ids.length) return [];
      return db.select().from(examAttempts).where(inArray(examAttempts.id, ids)).orderBy(asc(examAttempts.submittedAt), asc(examAttempts.id));
    },

    /** How many attempts at the tests are running. */
    async runningAttempts(taskIds: number[]): Promise<number> {
      if (!taskIds.length) return 0;
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(examAttempts).where(and(eq(examAttempts.status, 'open'), inArray(examAttempts.taskId, taskIds)));
      return Number(row?.count ?? 0);
    },

    /** An attempt's answers and the versions it was served (its set's, then its own rows). */
    async attemptParts(attempt: { id: string; servedSetId: number | null }) {
      const answers = await db.select().from(examAnswers).where(eq(examAnswers.attemptId, attempt.id)).orderBy(asc(examAnswers.questionTaskMapId));
      const fromSet = attempt.servedSetId
        ? await db
            .select({ mapId: servedSetVersions.questionTaskMapId, questionId: servedSetVersions.questionId, versionId: servedSetVersions.questionVersionId })
            .from(servedSetVersions)
            .where(eq(servedSetVersions.setId, attempt.servedSetId))
        : [];
      const own = await db
        .select({ mapId: attemptQuestionVersions.questionTaskMapId, questionId: attemptQuestionVersions.questionId, versionId: attemptQuestionVersions.questionVersionId })
        .from(attemptQuestionVersions)
        .where(eq(attemptQuestionVersions.attemptId, attempt.id));
      const served = new Map([...fromSet, ...own].map((row) => [row.mapId, row]));
      return { answers, served };
    },

    /** The latest attempt of each of the students at a test, with how many questions hold an answer and its last save. */
    async roomAttempts(taskId: number, userIds: number[]) {
      if (!userIds.length) return [];
      const rows = await db
        .selectDistinctOn([examAttempts.userId], {
          attempt: examAttempts,
          answered: sql<number>`(select count(*)::int from ${examAnswers} ea where ea.attempt_id = ${examAttempts.id} and ea.answer_id is not null and ea.answer_id <> 'null'::jsonb and ea.seq > 0)`,
          lastSaveAt: sql<Date | string | null>`(select max(ea.updated_at) from ${examAnswers} ea where ea.attempt_id = ${examAttempts.id} and ea.seq > 0)`,
        })
        .from(examAttempts)
        .where(and(eq(examAttempts.taskId, taskId), inArray(examAttempts.userId, userIds), ne(examAttempts.status, 'prepared')))
        .orderBy(examAttempts.userId, desc(examAttempts.startedAt));
      return rows.map((row) => ({ ...row.attempt, answered: Number(row.answered ?? 0), lastSaveAt: row.lastSaveAt === null ? null : new Date(row.lastSaveAt) }));
    },
  };
}

export type ExamCopies = ReturnType<typeof createExamCopies>;
