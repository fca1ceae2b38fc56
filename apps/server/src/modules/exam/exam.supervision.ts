import {
  EXAM_ERRORS,
  type LiveRoom,
  type LiveStudent,
  type SupervisedAttempt,
  type SupervisedTest,
  type TestResult,
} from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { recordAudit, recordSystemAudit } from '../../lib/audit.js';
import { testOpenTo } from '../../lib/content-reach.js';
import { studentReachOf, type StudentReach, type StudentScope } from '../../lib/policy.js';
import { examError, type AttemptCore } from './exam.attempts.js';
import { canSuperviseAttempt, canWatchAttempt } from './exam.policy.js';
import type { AttemptRow } from './exam.repository.js';
import { secondsLeft } from './exam.timing.js';
import { resultOf } from './exam.views.js';

/** What the live room asks of accounts (the auth service knows them). */
export interface SupervisionPeople {
  scopesOf: (userIds: number[]) => Promise<Map<number, StudentScope>>;
  displayNames: (userIds: number[]) => Promise<Map<number, string>>;
  /** Student accounts a reach covers, for the roster of who has not started. */
  studentsInReach: (reach: StudentReach, limit: number) => Promise<Array<{ id: number; displayName: string }>>;
}

const SUPERVISED_TESTS_LIMIT = 100;
const ROSTER_LIMIT = 1000;
const MINUTE_MS = 60_000;

/** A test the staff member's institute may give (its own or the client's shared; decision 038): another institute's is not theirs to supervise. */
const supervises = (staff: Actor, task: { courseId: number; ownerClientId: string; ownerInstituteId: number | null; courseClientId: string; courseInstituteId: number | null }) =>
  testOpenTo(staff, task, { id: task.courseId, clientId: task.courseClientId, instituteId: task.courseInstituteId }, null);

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE_MS);

/**
 * The live exam room: a running test's students on the server's clock, and a supervisor's
 * actions on one attempt (extend, reopen, submit), each with a reason, audited in the
 * transaction that makes the change. Nothing is kept in memory between requests, so any server
 * process answers (the room polls; decision 026).
 */
export function createExamSupervision(core: AttemptCore, people: () => SupervisionPeople) {
  const { repo, clock, academy } = core;

  /** The attempt if the actor may act on it; out of scope it does not exist. */
  async function supervisedAttempt(staff: Actor, attemptId: string, mode: 'watch' | 'act'): Promise<{ attempt: AttemptRow; student: StudentScope }> {
    const attempt = await repo.getAttempt(attemptId);
    if (!attempt) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    const student = (await people().scopesOf([attempt.userId])).get(attempt.userId);
    const allowed = student && (mode === 'watch' ? canWatchAttempt(staff, { student }) : canSuperviseAttempt(staff, { student }));
    if (!allowed) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    return { attempt, student };
  }

  function supervisedView(attempt: AttemptRow, now: Date): SupervisedAttempt {
    const isOpen = attempt.status === 'open';
    return {
      attemptId: attempt.id,
      status: isOpen ? 'open' : 'submitted',
      deadlineAt: attempt.deadlineAt.toISOString(),
      remainingSeconds: isOpen ? secondsLeft(attempt.deadlineAt, now) : 0,
      activeSectionDeadlineAt: attempt.activeSectionDeadlineAt?.toISOString() ?? null,
    };
  }

  const timesOf = (a: AttemptRow) => ({
    status: a.status,
    deadlineAt: a.deadlineAt.toISOString(),
    activeSectionIndex: a.activeSectionIndex,
    activeSectionDeadlineAt: a.activeSectionDeadlineAt?.toISOString() ?? null,
    submittedAt: a.submittedAt?.toISOString() ?? null,
  });

  return {
    /** Tests taken by students in reach, running ones first (then the most recently started). */
    async listSupervisedTests(staff: Actor): Promise<SupervisedTest[]> {
      const rows = await repo.listSupervisedTasks(studentReachOf(staff, 'exam.supervise'), clock.now(), SUPERVISED_TESTS_LIMIT);
      const tasks = await Promise.all(rows.map((r) => academy.getTestTask(r.taskId)));
      return rows.flatMap((r, i) => {
        const task = tasks[i];
        if (!task || !supervises(staff, task)) return [];
        return [
          {
            taskId: r.taskId,
            TaskName: task.name,
            durationMinutes: task.durationMinutes,
            isCameraAllowed: task.isCameraAllowed,
            runningAttempts: r.running,
            submittedAttempts: r.submitted,
            lastStartedAt: r.lastStartedAt?.toISOString() ?? null,
          },
        ];
      });
    },

    /** Each student in reach (started or not) and their latest attempt of the test, on the server's clock. */
    async liveRoom(staff: Actor, query: { taskId: number }): Promise<LiveRoom> {
      const bundle = await academy.loadTestBundle(query.taskId);
      if (!bundle || bundle.task.kind !== 'test' || !supervises(staff, bundle.task)) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
      const reach = studentReachOf(staff, 'exam.supervise');
      const [attempts, roster] = await Promise.all([repo.listLiveAttempts(query.taskId, reach), people().studentsInReach(reach, ROSTER_LIMIT)]);
      const scopes = await people().scopesOf(attempts.map((a) => a.userId));
      // Narrowed in SQL, then each attempt checked by the policy.
      const visible = attempts.filter((a) => {
        const student = scopes.get(a.userId);
        return student !== undefined && canWatchAttempt(staff, { student });
      });
      const names = await people().displayNames(visible.map((a) => a.userId));
      const now = clock.now();
      const started: LiveStudent[] = visible.map((a) => {
        const isRunning = a.status === 'open' && a.deadlineAt > now;
        const seen = [a.lastSeenAt, a.lastSaveAt].filter((d): d is Date => d instanceof Date).sort((x, y) => y.getTime() - x.getTime())[0];
        return {
          userId: a.userId,
          studentName: names.get(a.userId) ?? '',
          attemptId: a.id,
          state: isRunning ? 'running' : 'submitted',
          startedAt: a.startedAt.toISOString(),
          deadlineAt: a.deadlineAt.toISOString(),
          remainingSeconds: isRunning ? secondsLeft(a.deadlineAt, now) : 0,
          activeSectionIndex: isRunning ? a.activeSectionIndex : null,
          answeredCount: a.answered,
          lastSeenAt: seen?.toISOString() ?? null,
          tabChangeWarnings: a.tabChangeWarnings,
          submittedAt: a.status === 'submitted' ? (a.submittedAt ?? a.deadlineAt).toISOString() : isRunning ? null : a.deadlineAt.toISOString(),
          submitReason: a.status === 'submitted' ? a.submitReason : isRunning ? null : 'timeout',
        };
      });
      const startedIds = new Set(started.map((s) => s.userId));
      const waiting: LiveStudent[] = roster
        .filter((s) => !startedIds.has(s.id))
        .map((s) => ({
          userId: s.id,
          studentName: s.displayName,
          attemptId: null,
          state: 'notStarted',
          startedAt: null,
          deadlineAt: null,
          remainingSeconds: 0,
          activeSectionIndex: null,
          answeredCount: 0,
          lastSeenAt: null,
          tabChangeWarnings: 0,
          submittedAt: null,
          submitReason: null,
        }));
      return {
        taskId: bundle.task.id,
        TaskName: bundle.task.name,
        serverNow: now.toISOString(),
        durationMinutes: bundle.task.durationMinutes,
        sectionWiseTimer: bundle.task.sectionWiseTimer,
        isCameraAllowed: bundle.task.isCameraAllowed,
        questionCount: bundle.maps.length,
        students: [...started, ...waiting],
      };
    },

    /**
     * More minutes for a running attempt: its deadline and, with section timers, the current
     * section's move on by them. The player learns the new deadline at its next save or clock sync.
     */
    async extendTime(staff: Actor, body: { attemptId: string; minutes: number; reason: string }): Promise<SupervisedAttempt> {
      const { attempt: found, student } = await supervisedAttempt(staff, body.attemptId, 'act');
      // An attempt past its deadline is closed first: the server's clock decides, not the request.
      const current = await core.refresh(found);
      if (current.status !== 'open') throw examError(EXAM_ERRORS.EXAM_NOT_OPEN);
      const updated = await repo.withLockedAttempt(current.id, async (tx, locked) => {
        const now = clock.now();
        if (!locked || locked.status !== 'open' || locked.deadlineAt <= now) throw examError(EXAM_ERRORS.EXAM_NOT_OPEN);
        const active = locked.activeSectionIndex;
        const values = {
          deadlineAt: addMinutes(locked.deadlineAt, body.minutes),
          activeSectionDeadlineAt: locked.activeSectionDeadlineAt ? addMinutes(locked.activeSectionDeadlineAt, body.minutes) : null,
          sectionState: locked.sectionState.map((s) =>
            s.sectionIndex === active && s.deadlineAt ? { ...s, deadlineAt: addMinutes(new Date(s.deadlineAt), body.minutes).toISOString() } : s,
          ),
        };
        await repo.updateAttempt(tx, locked.id, values);
        const after = { ...locked, ...values };
        await audit(tx, staff, student, locked, after, { action: 'exam.extendTime', reason: body.reason, minutes: body.minutes });
        return after;
      });
      return supervisedView(updated, clock.now());
    },

    /**
     * The time a server outage took from every attempt running when it began, measured by the
     * server (`from`: its last sign of life, `to`: serving again), added to the attempt's deadline
     * and its current section's; each credit is in the audit log with its cause.
     */
    async creditOutage(outage: { from: Date; to: Date; cause: string }): Promise<number> {
      const ms = outage.to.getTime() - outage.from.getTime();
      if (ms <= 0) return 0;
      const shift = (date: Date) => new Date(date.getTime() + ms);
      const running = await repo.listAttemptsRunningAt(outage.from);
      if (running.length === 0) return 0;
      // Read before the transaction: on the embedded database a read outside it would wait for it.
      const students = await people().scopesOf([...new Set(running.map((a) => a.userId))]);
      // Every attempt in one transaction: the credit is written before the server serves, so its
      // time is time the students wait (one transaction an attempt took seconds for a full lab).
      return repo.withLockedAttempts(
        running.map((a) => a.id),
        async (tx, attempts) => {
          let credited = 0;
          for (const locked of attempts) {
            if (locked.status !== 'open') continue;
            const student = students.get(locked.userId);
            const active = locked.activeSectionIndex;
            const values = {
              deadlineAt: shift(locked.deadlineAt),
              activeSectionDeadlineAt: locked.activeSectionDeadlineAt ? shift(locked.activeSectionDeadlineAt) : null,
              sectionState: locked.sectionState.map((s) => (s.sectionIndex === active && s.deadlineAt ? { ...s, deadlineAt: shift(new Date(s.deadlineAt)).toISOString() } : s)),
            };
            await repo.updateAttempt(tx, locked.id, values);
            await recordSystemAudit(tx, student?.clientId ?? '', {
              action: 'exam.outageCredit',
              targetType: 'attempt',
              targetId: locked.id,
              targetUserId: locked.userId,
              instituteId: student?.instituteId ?? null,
              before: timesOf(locked),
              after: { ...timesOf({ ...locked, ...values }), seconds: ms / 1000, from: outage.from.toISOString(), to: outage.to.toISOString() },
              reason: outage.cause,
            });
            credited += 1;
          }
          return credited;
        },
      );
    },

    /**
     * A submitted attempt runs again for `minutes` from now, with its saved answers; every section
     * is open until the new deadline. Submitting it again scores it again.
     */
    async reopenAttempt(staff: Actor, body: { attemptId: string; minutes: number; reason: string }): Promise<SupervisedAttempt> {
      const { attempt: found, student } = await supervisedAttempt(staff, body.attemptId, 'act');
      const current = await core.refresh(found);
      if (current.status !== 'submitted') throw examError(EXAM_ERRORS.EXAM_NOT_SUBMITTED);
      const updated = await repo.withLockedAttempt(current.id, async (tx, locked) => {
        if (!locked || locked.status !== 'submitted') throw examError(EXAM_ERRORS.EXAM_NOT_SUBMITTED);
        if (await repo.hasOtherOpenAttempt(tx, locked.userId, locked.taskId, locked.id)) throw examError(EXAM_ERRORS.EXAM_ANOTHER_ATTEMPT_OPEN);
        const now = clock.now();
        const deadlineAt = addMinutes(now, body.minutes);
        const values = {
          status: 'open',
          deadlineAt,
          submittedAt: null,
          submitReason: null,
          activeSectionIndex: null,
          activeSectionDeadlineAt: null,
          sectionState: locked.sectionState.map((s) => ({ ...s, completed: false, deadlineAt: deadlineAt.toISOString(), startedAt: s.startedAt ?? now.toISOString() })),
        };
        await repo.updateAttempt(tx, locked.id, values);
        const after = { ...locked, ...values } as AttemptRow;
        await audit(tx, staff, student, locked, after, { action: 'exam.reopenAttempt', reason: body.reason, minutes: body.minutes });
        return after;
      });
      return supervisedView(updated, clock.now());
    },

    /** Submits a running attempt now with what it saved, as the supervisor's act. */
    async forceSubmit(staff: Actor, body: { attemptId: string; reason: string }): Promise<TestResult> {
      const { attempt: found, student } = await supervisedAttempt(staff, body.attemptId, 'act');
      const current = await core.refresh(found);
      if (current.status !== 'open') throw examError(EXAM_ERRORS.EXAM_NOT_OPEN);
      let closedNow = false;
      const { attempt, bundle } = await core.finalize(current.id, 'staff', {
        onClose: async (tx, before, after) => {
          closedNow = true;
          await audit(tx, staff, student, before, after, { action: 'exam.forceSubmit', reason: body.reason });
        },
      });
      // The student (or the clock) got there first.
      if (!closedNow) throw examError(EXAM_ERRORS.EXAM_NOT_OPEN);
      return resultOf(attempt, bundle.task);
    },
  };

  async function audit(tx: Db, staff: Actor, student: StudentScope, before: AttemptRow, after: AttemptRow, entry: { action: string; reason: string; minutes?: number }) {
    await recordAudit(tx, staff, {
      action: entry.action,
      targetType: 'attempt',
      targetId: before.id,
      targetUserId: before.userId,
      instituteId: student.instituteId,
      before: timesOf(before),
      after: { ...timesOf(after), ...(entry.minutes !== undefined ? { minutes: entry.minutes } : {}) },
      reason: entry.reason,
    });
  }
}
