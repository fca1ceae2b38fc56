import { EXAM_ERRORS, isStaffRole, type TestResult } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { ExamContent, TaskBundle } from '../academy/academy.exam-content.js';
import { scoreAll } from '../grading/grading.scoring.js';
import type { AttemptRow, ExamRepository } from './exam.repository.js';
import { rollForward } from './exam.timing.js';
import { sectionTimings, timingOf } from './exam.views.js';

export interface AttemptCoreDeps {
  repo: ExamRepository;
  clock: Clock;
  /** The academy's view of a test (tasks, sections, questions) and its course progress. */
  academy: ExamContent;
}

export const examError = (def: (typeof EXAM_ERRORS)[keyof typeof EXAM_ERRORS]) => new AppError(def);

/**
 * The attempt's life every exam call shares: finding the test and the actor's attempt, bringing
 * an attempt up to the server's now, and closing it exactly once.
 */
export function createAttemptCore(deps: AttemptCoreDeps) {
  const { repo, clock, academy } = deps;

  /** The test at the versions an attempt was served (recorded at its start); without one, at the current versions. */
  async function loadBundle(taskId: number, attemptId?: string): Promise<TaskBundle> {
    const served = attemptId ? await repo.listServedVersions(attemptId) : undefined;
    const bundle = await academy.loadTestBundle(taskId, served);
    if (!bundle) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    return bundle;
  }

  /** A published test task of a published course the student may take (courseId checked when given). */
  async function accessibleTest(actor: Actor, taskId: number, courseId?: number): Promise<TaskBundle> {
    const bundle = await academy.loadTestBundle(taskId);
    const staff = isStaffRole(actor.role);
    if (!bundle || (courseId !== undefined && bundle.task.courseId !== courseId)) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    if (!staff && (!bundle.task.isPublished || !bundle.task.coursePublished)) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    if (bundle.task.kind !== 'test') throw examError(EXAM_ERRORS.EXAM_NOT_A_TEST);
    return bundle;
  }

  /** Any attempt by id (staff screens and reports check who may see it). */
  async function anyAttempt(attemptId: string): Promise<AttemptRow> {
    const attempt = await repo.getAttempt(attemptId);
    if (!attempt) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    return attempt;
  }

  /** The actor's own attempt; anyone else's is "not found", never "forbidden". */
  async function ownAttempt(actor: Actor, attemptId: string): Promise<AttemptRow> {
    const attempt = await repo.getAttempt(attemptId);
    if (!attempt || attempt.userId !== actor.userId) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    return attempt;
  }

  function assertOpen(attempt: AttemptRow): void {
    if (attempt.status !== 'open') throw examError(EXAM_ERRORS.EXAM_ALREADY_SUBMITTED);
    if (attempt.deadlineAt <= clock.now()) throw examError(EXAM_ERRORS.EXAM_TIME_OVER);
  }

  /**
   * Closes an attempt and scores it, exactly once: the row is locked, and an attempt that is
   * already submitted is returned as it is. A timed-out attempt is stamped with its deadline.
   */
  async function finalize(attemptId: string, reason: TestResult['submitReason'], extra: { analyticsId?: string | null } = {}): Promise<{ attempt: AttemptRow; bundle: TaskBundle }> {
    const attemptNow = await anyAttempt(attemptId);
    const bundle = await loadBundle(attemptNow.taskId, attemptNow.id);
    const { attempt, closedNow } = await repo.withLockedAttempt(attemptId, async (tx, locked) => {
      if (!locked) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      if (locked.status === 'submitted') return { attempt: locked, closedNow: false };
      const now = clock.now();
      const expired = locked.deadlineAt <= now;
      const submittedAt = expired ? locked.deadlineAt : now;
      const { scores, totals } = scoreAll(bundle, await repo.listAnswers(locked.id, tx));
      const values = {
        status: 'submitted',
        submittedAt,
        submitReason: expired && reason === 'student' ? 'timeout' : reason,
        scored: totals.scored,
        total: totals.total,
        negativeMarksLost: totals.negativeMarksLost,
        pendingEvaluation: totals.pendingEvaluation,
        activeSectionIndex: null,
        activeSectionDeadlineAt: null,
        ...(extra.analyticsId !== undefined ? { analyticsId: extra.analyticsId } : {}),
      };
      await repo.writeScores(
        tx,
        locked.id,
        bundle.maps.map((m, i) => ({ qtm: m.mapId, marksAwarded: scores[i]!.marksAwarded, status: scores[i]!.status })),
        values,
      );
      return { attempt: { ...locked, ...values } as AttemptRow, closedNow: true };
    });
    // Course progress is the academy's; its upsert is idempotent and keeps the first completion time.
    if (closedNow) {
      await academy.markTaskCompleted({ userId: attempt.userId, taskId: attempt.taskId, courseId: attempt.courseId, at: attempt.submittedAt ?? attempt.deadlineAt });
    }
    return { attempt, bundle };
  }

  /**
   * Brings an attempt up to the server's now: an attempt past its deadline is submitted with
   * what was saved; section timers move on. Returns the current row.
   */
  async function refresh(attempt: AttemptRow, bundle?: TaskBundle): Promise<AttemptRow> {
    if (attempt.status !== 'open') return attempt;
    const now = clock.now();
    if (attempt.deadlineAt <= now) return (await finalize(attempt.id, 'timeout')).attempt;
    if (attempt.activeSectionDeadlineAt && attempt.activeSectionDeadlineAt <= now) {
      const sections = bundle?.sections ?? (await academy.listSections(attempt.taskId));
      const { timing, changed } = rollForward(timingOf(attempt), sectionTimings(sections), now);
      if (changed) {
        await repo.updateTiming(attempt.id, timing);
        if (timing.deadlineAt <= now) return (await finalize(attempt.id, 'timeout')).attempt;
        return { ...attempt, ...timing };
      }
    }
    return attempt;
  }

  /** The actor's own attempt, brought up to now, that must still be open. */
  async function openOwnAttempt(actor: Actor, attemptId: string): Promise<AttemptRow> {
    const attempt = await refresh(await ownAttempt(actor, attemptId));
    assertOpen(attempt);
    return attempt;
  }

  return { repo, clock, academy, loadBundle, accessibleTest, anyAttempt, ownAttempt, assertOpen, finalize, refresh, openOwnAttempt };
}

export type AttemptCore = ReturnType<typeof createAttemptCore>;
