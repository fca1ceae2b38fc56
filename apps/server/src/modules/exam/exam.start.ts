import { randomUUID } from 'node:crypto';
import {
  EXAM_ERRORS,
  isStaffRole,
  type ActiveTestDetails,
  type ActiveTestSession,
  type CheckSessionResult,
  type ExamSession,
  type GetSessionDetailsBodySchema,
  type InstructionBodySchema,
  type InstructionResult,
  type PractiseBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import type { TaskBundle } from '../academy/academy.exam-content.js';
import { roundMarks } from '../grading/grading.scoring.js';
import { examError, type AttemptCore } from './exam.attempts.js';
import type { AttemptRow } from './exam.repository.js';
import { initialTiming, secondsLeft, seededShuffle } from './exam.timing.js';
import { checkResult, sectionTimings, sessionView } from './exam.views.js';

/** Before and at the start: instructions, starting or resuming an attempt, and reading it back. */
export function createExamStart(core: AttemptCore) {
  const { repo, clock, academy } = core;

  async function buildSession(attempt: AttemptRow, bundle: TaskBundle): Promise<ExamSession> {
    return sessionView(attempt, bundle, await repo.listAnswers(attempt.id), clock.now());
  }

  async function startAttempt(actor: Actor, bundle: TaskBundle, languageId: number | undefined): Promise<AttemptRow> {
    const now = clock.now();
    const id = randomUUID();
    const order = bundle.sections.map((section) => {
      const mapIds = bundle.maps.filter((m) => m.sectionId === section.id).map((m) => m.mapId);
      return bundle.task.shuffle ? seededShuffle(mapIds, `${id}:${section.sectionIndex}`) : mapIds;
    });
    const timing = initialTiming(now, bundle.task.durationMinutes, sectionTimings(bundle.sections), bundle.task.sectionWiseTimer);
    const inserted = await repo.insertAttempt({
      id,
      userId: actor.userId,
      taskId: bundle.task.id,
      courseId: bundle.task.courseId,
      testType: bundle.task.testType ?? 'test',
      status: 'open',
      startedAt: now,
      deadlineAt: timing.deadlineAt,
      activeSectionIndex: timing.activeSectionIndex,
      activeSectionDeadlineAt: timing.activeSectionDeadlineAt,
      sectionState: timing.sectionState,
      questionOrder: order,
      total: roundMarks(bundle.maps.reduce((sum, m) => sum + m.marks, 0)),
      languageId: languageId ?? null,
    }, bundle.maps.map((m) => ({ questionTaskMapId: m.mapId, questionId: m.question.id, questionVersionId: m.question.versionId })));
    // Two Start presses at once: the unique open-attempt index lets one win; the other resumes it.
    return inserted ?? (await repo.findOpenAttempt(actor.userId, bundle.task.id))!;
  }

  /** The student's open graded attempt with time left (sign-in and the notification bell ask). */
  async function activeTestFor(userId: number): Promise<ActiveTestDetails | null> {
    const now = clock.now();
    const attempt = await repo.findActiveGradedAttempt(userId, now);
    if (!attempt) return null;
    const task = (await academy.taskNames([attempt.taskId])).get(attempt.taskId);
    return {
      TestSessionID: attempt.id,
      TaskID: attempt.taskId,
      CourseID: attempt.courseId,
      TaskName: task?.name ?? '',
      RemainingTime: secondsLeft(attempt.deadlineAt, now),
      TotalDuration: Math.round((attempt.deadlineAt.getTime() - attempt.startedAt.getTime()) / 1000),
      CurrentDate: now.toISOString(),
    };
  }

  return {
    activeTestFor,

    async isAnyActiveTestSession(actor: Actor): Promise<ActiveTestSession> {
      const active = await activeTestFor(actor.userId);
      return {
        TestSessionID: active?.TestSessionID ?? null,
        TaskID: active?.TaskID ?? null,
        CourseID: active?.CourseID ?? null,
        TaskName: active?.TaskName ?? null,
        type: active ? 'test' : null,
        RemainingTime: active?.RemainingTime ?? null,
      };
    },

    async instruction(actor: Actor, body: z.output<typeof InstructionBodySchema>): Promise<InstructionResult> {
      const { task, sections, maps } = await core.accessibleTest(actor, body.taskID, body.courseID);
      const isTimed = task.sectionWiseTimer || (task.durationMinutes ?? 0) > 0;
      const timing = initialTiming(new Date(0), task.durationMinutes, sectionTimings(sections), task.sectionWiseTimer);
      return {
        instructionData: task.instructions,
        TaskName: task.name,
        type: (task.testType ?? 'test') as InstructionResult['type'],
        // 0 means untimed (practice counts up instead).
        totalDuration: isTimed ? Math.round(timing.deadlineAt.getTime() / 1000) : 0,
        totalQuestions: maps.length,
        totalMarks: roundMarks(maps.reduce((sum, m) => sum + m.marks, 0)),
        sections: sections.map((s) => {
          const inSection = maps.filter((m) => m.sectionId === s.id);
          return {
            sectionName: s.name,
            totalQuestions: inSection.length,
            sectionDuration: task.sectionWiseTimer ? s.durationMinutes * 60 : 0,
            totalMarks: roundMarks(inSection.reduce((sum, m) => sum + m.marks, 0)),
          };
        }),
        IsCameraAllowed: task.isCameraAllowed,
        IsTabAlertAllowed: task.isTabAlertAllowed,
        Warnings: task.warnings,
        sectionWiseTimer: task.sectionWiseTimer,
      };
    },

    async practise(actor: Actor, body: z.output<typeof PractiseBodySchema>): Promise<ExamSession> {
      const bundle = await core.accessibleTest(actor, body.taskID, body.courseID);
      if (bundle.sections.length === 0 || bundle.maps.length === 0) throw examError(EXAM_ERRORS.EXAM_NO_QUESTIONS);
      let attempt = await repo.findOpenAttempt(actor.userId, bundle.task.id);
      if (attempt) attempt = await core.refresh(attempt, bundle);
      if (!attempt || attempt.status !== 'open') {
        // Until tests carry attempts-allowed and review settings, a graded test is taken once:
        // its report shows every key, so a retake would be scored against them.
        const isGraded = bundle.task.testType !== 'practice';
        if (isGraded && !isStaffRole(actor.role) && (await repo.hasFinishedAttempt(actor.userId, bundle.task.id))) {
          throw examError(EXAM_ERRORS.EXAM_ATTEMPTS_USED);
        }
        attempt = await startAttempt(actor, bundle, body.languageID);
      }
      // Started or resumed, the attempt is shown at the versions it was served.
      return buildSession(attempt, await core.loadBundle(attempt.taskId, attempt.id));
    },

    async checkSession(actor: Actor, body: { TestSessionID: string }): Promise<CheckSessionResult> {
      const attempt = await core.ownAttempt(actor, body.TestSessionID);
      const bundle = await core.loadBundle(attempt.taskId, attempt.id);
      return checkResult(await core.refresh(attempt, bundle), bundle, clock.now());
    },

    async getSessionDetails(actor: Actor, body: z.output<typeof GetSessionDetailsBodySchema>): Promise<ExamSession> {
      const attempt = await core.ownAttempt(actor, body.TestSessionID);
      if (attempt.taskId !== body.taskID) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      const bundle = await core.loadBundle(attempt.taskId, attempt.id);
      return buildSession(await core.refresh(attempt, bundle), bundle);
    },
  };
}
