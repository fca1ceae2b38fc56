import { and, asc, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { examAnswers, examAttempts } from '../../db/schema/index.js';
import { userIdInReach } from '../../db/student-reach.js';
import type { StudentReach } from '../../lib/policy.js';
import { toNumber } from './exam.shared.repository.js';

/*
 * The live exam room's reads (decision 026): tests running in the reach and the latest attempt per student.
 */

export function createExamSupervisionRepository(db: Db) {
  return {
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

    /** Attempts that were running at `at` (started, deadline not yet reached) and are still open. */
    /** The open attempts that were running at `at`, with their students. */
    async listAttemptsRunningAt(at: Date): Promise<{ id: string; userId: number }[]> {
      return db
        .select({ id: examAttempts.id, userId: examAttempts.userId })
        .from(examAttempts)
        .where(and(eq(examAttempts.status, 'open'), lte(examAttempts.startedAt, at), gt(examAttempts.deadlineAt, at)))
        .orderBy(asc(examAttempts.id));
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
  };
}
