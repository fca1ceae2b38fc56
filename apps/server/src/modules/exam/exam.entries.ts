import { DEFAULT_HIDDEN_CASE_RESULTS, EXAM_ERRORS } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { StudentReach } from '../../lib/policy.js';
import type { TaskBundle } from '../academy/academy.exam-content.js';
import { scoreAll } from '../grading/grading.scoring.js';
import { examError, type AttemptCore } from './exam.attempts.js';
import type { AttemptRow } from './exam.repository.js';

/**
 * What other modules ask of the exam (through the composition root): the runner's question
 * lookup, and reads and writes of attempts and answers for grading, proctoring, reports and the
 * academy. They decide who may see what; the exam owns the rows and keeps scores consistent.
 */
export function createExamEntries(core: AttemptCore) {
  const { repo, clock } = core;

  return {
    anyAttempt: core.anyAttempt,
    ownAttempt: core.ownAttempt,
    openOwnAttempt: core.openOwnAttempt,
    assertOpen: core.assertOpen,
    /** Brings an attempt up to now (an expired one is submitted first). */
    currentAttempt: (attempt: AttemptRow) => core.refresh(attempt),
    listAnswers: (attemptId: string) => repo.listAnswers(attemptId),
    listSubmittedAttempts: (userId: number, filter: { courseId?: number; taskId?: number }) => repo.listSubmittedAttempts(userId, filter),
    listPendingAnswers: (taskId: number | undefined, reach: StudentReach) => repo.listPendingAnswers(taskId, reach),
    /** Scores of every submitted attempt of a task (rank and percentile). */
    taskScores: (taskId: number) => repo.listTaskScores(taskId),
    /** Per question of a task: how many submitted attempts got it right, out of how many. */
    classAccuracy: (taskId: number) => repo.classAccuracy(taskId),

    /** The test at the versions the attempt was served: what grading and reports score and show it with. */
    loadAttemptBundle: (attempt: { id: string; taskId: number }) => core.loadBundle(attempt.taskId, attempt.id),

    /**
     * Regrade, the exam's part (grading decides, the exam keeps rows consistent): each submitted
     * attempt served one of fromVersionIds of the question moves to toVersionId and is scored again
     * with its saved answers and teachers' marks, one attempt per transaction, each logged with its
     * score before and after under one regrade row. Open attempts keep their version until submitted.
     */
    async rescoreWithVersion(
      actorId: number,
      input: { questionId: number; toVersionId: number; fromVersion: number | null; fromVersionIds: number[] },
    ): Promise<{ regradeId: number | null; attempts: { attemptId: string; userId: number; fromVersionId: number; oldScored: number | null; newScored: number | null }[] }> {
      const work = await repo.listServedSubmitted(input.questionId, input.fromVersionIds.filter((id) => id !== input.toVersionId));
      if (!work.length) return { regradeId: null, attempts: [] };
      const regradeId = await repo.insertRegrade({
        questionId: input.questionId,
        fromVersion: input.fromVersion,
        toVersionId: input.toVersionId,
        actorId,
        createdAt: clock.now(),
      });
      const attempts: { attemptId: string; userId: number; fromVersionId: number; oldScored: number | null; newScored: number | null }[] = [];
      for (const item of work) {
        const attempt = await repo.getAttempt(item.attemptId);
        if (!attempt) continue;
        const versions = await repo.listServedVersions(attempt.id);
        versions.set(item.mapId, input.toVersionId);
        const bundle = await core.academy.loadTestBundle(attempt.taskId, versions);
        if (!bundle) continue;
        const done = await repo.withLockedAttempt(attempt.id, async (tx, locked) => {
          if (!locked || locked.status !== 'submitted') return null;
          const moved = await repo.moveServedVersion(tx, { attemptId: locked.id, mapId: item.mapId, fromVersionId: item.versionId, toVersionId: input.toVersionId });
          if (!moved) return null;
          const { scores, totals } = scoreAll(bundle, await repo.listAnswers(locked.id, tx));
          const values = { scored: totals.scored, total: totals.total, negativeMarksLost: totals.negativeMarksLost, pendingEvaluation: totals.pendingEvaluation };
          await repo.writeScores(tx, locked.id, bundle.maps.map((m, i) => ({ qtm: m.mapId, marksAwarded: scores[i]!.marksAwarded, status: scores[i]!.status })), values);
          await repo.insertRegradeAttempt(tx, { regradeId, attemptId: locked.id, fromVersionId: item.versionId, oldScored: locked.scored, newScored: totals.scored });
          return { attemptId: locked.id, userId: locked.userId, fromVersionId: item.versionId, oldScored: locked.scored, newScored: totals.scored };
        });
        if (done) attempts.push(done);
      }
      return { regradeId, attempts };
    },

    /** The regrade log of a question (who by id; grading names them). */
    listRegrades: (questionId: number) => repo.listRegrades(questionId),

    /** The student's latest attempt per task (the academy's task list). */
    async latestAttempts(userId: number, taskIds: number[]) {
      const rows = await repo.latestAttempts(userId, taskIds);
      return new Map(rows.map(({ taskId, ...attempt }) => [taskId, attempt]));
    },

    /** For the code runner: the cases of a programming question the actor may run. */
    async getProgrammingQuestionForRun(actor: Actor, input: { taskId: number; questionId: number; testSessionId?: string }) {
      let bundle = await core.accessibleTest(actor, input.taskId);
      if (input.testSessionId) {
        const attempt = await core.openOwnAttempt(actor, input.testSessionId);
        if (attempt.taskId !== input.taskId) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
        // A submission is judged with the cases of the version the attempt was served.
        bundle = await core.loadBundle(input.taskId, attempt.id);
      }
      const map = bundle.maps.find((m) => m.question.id === input.questionId);
      if (!map) throw examError(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      if (map.question.questionType !== 'programming' || !map.question.programming) throw examError(EXAM_ERRORS.EXAM_NOT_PROGRAMMING);
      const p = map.question.programming;
      return {
        questionId: map.question.id,
        allowedLanguages: p.allowedLanguages,
        sampleCases: map.question.sampleCases.map((c) => ({ input: c.input, output: c.output })),
        hiddenCases: map.question.hiddenCases.map((c) => ({ input: c.input, output: c.output })),
        timeLimitMs: p.timeLimitMs,
        memoryLimitMb: p.memoryLimitMb,
        hiddenCaseResults: p.hiddenCaseResults === 'perCase' ? ('perCase' as const) : DEFAULT_HIDDEN_CASE_RESULTS,
      };
    },

    /** Grading's write: an evaluated answer of an open attempt and its score (0–1), kept until submit scores it. */
    async storeEvaluatedAnswer(attemptId: string, mapId: number, values: { answerData: unknown; fraction: number }): Promise<void> {
      await repo.upsertEvaluated(attemptId, mapId, { answerData: values.answerData, fraction: values.fraction, now: clock.now() });
    },

    /** Grading's write: a teacher's mark on a submitted attempt; the attempt is scored again with it, under its lock. */
    async recordTeacherMark(attemptId: string, bundle: TaskBundle, input: { mapId: number; marks: number; staffId: number }): Promise<AttemptRow> {
      return repo.withLockedAttempt(attemptId, async (tx, locked) => {
        if (!locked) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
        await repo.setTeacherMarks(tx, attemptId, input.mapId, input.marks, input.staffId);
        const { scores, totals } = scoreAll(bundle, await repo.listAnswers(attemptId, tx));
        const values = { scored: totals.scored, total: totals.total, negativeMarksLost: totals.negativeMarksLost, pendingEvaluation: totals.pendingEvaluation };
        await repo.writeScores(tx, attemptId, bundle.maps.map((m, i) => ({ qtm: m.mapId, marksAwarded: scores[i]!.marksAwarded, status: scores[i]!.status })), values);
        return { ...locked, ...values };
      });
    },
  };
}
