import { randomUUID } from 'node:crypto';
import { EXAM_ERRORS } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { roundMarks } from '../grading/grading.scoring.js';
import { examError, type AttemptCore } from './exam.attempts.js';
import type { AttemptRow, SyncedAnswer } from './exam.repository.js';

/** An attempt taken at an exam centre, verified by the centre module and translated to this server's ids. */
export interface SyncedAttemptInput {
  userId: number;
  taskId: number;
  startedAt: Date;
  deadlineAt: Date;
  submittedAt: Date;
  submitReason: string;
  tabChangeWarnings: number;
  screenInactive: unknown;
  languageId: number | null;
  /** questionTaskMapIDs in the order the centre showed them, per section. */
  questionOrder: number[][];
  /** The version of each question the centre served (questionTaskMapID → version id). */
  served: Array<{ questionTaskMapId: number; questionId: number; questionVersionId: number }>;
  answers: SyncedAnswer[];
}

/**
 * Attempts synced from exam centres (decision 063): written as submitted attempts with the
 * centre's answers and sequence numbers, at the versions the centre served, and scored here by
 * grading like any submitted attempt (the centre's own score is not taken), so that results, ranks
 * and reports count them. `onWritten` runs in the same transaction (the centre module marks its
 * sync complete there, so an attempt is imported once or not at all).
 */
export function createExamSynced(core: AttemptCore) {
  const { repo, academy } = core;

  return {
    async recordSyncedAttempt(input: SyncedAttemptInput, onWritten: (tx: Db, attempt: AttemptRow) => Promise<void>): Promise<AttemptRow> {
      const bundle = await academy.loadTestBundle(input.taskId, new Map(input.served.map((s) => [s.questionTaskMapId, s.questionVersionId])));
      if (!bundle) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
      if (bundle.task.kind !== 'test') throw examError(EXAM_ERRORS.EXAM_NOT_A_TEST);
      const attempt = await repo.withPaperLock(input.userId, input.taskId, async (tx) => {
        const row = await repo.insertPaperAttempt(
          tx,
          {
            id: randomUUID(),
            userId: input.userId,
            taskId: bundle.task.id,
            courseId: bundle.task.courseId,
            testType: bundle.task.testType ?? 'test',
            status: 'submitted',
            startedAt: input.startedAt,
            deadlineAt: input.deadlineAt,
            submittedAt: input.submittedAt,
            submitReason: input.submitReason,
            tabChangeWarnings: input.tabChangeWarnings,
            screenInactive: input.screenInactive ?? null,
            languageId: input.languageId,
            questionOrder: input.questionOrder,
            total: roundMarks(bundle.maps.reduce((sum, m) => sum + m.marks, 0)),
          },
          input.served,
        );
        await repo.writeSyncedAnswers(tx, row.id, input.answers);
        const scored = await core.writeScored(tx, row, bundle);
        await onWritten(tx, scored);
        return scored;
      });
      await academy.markTaskCompleted({ userId: attempt.userId, taskId: attempt.taskId, courseId: attempt.courseId, at: input.submittedAt });
      return attempt;
    },
  };
}
