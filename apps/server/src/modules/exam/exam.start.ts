import { createHash, randomUUID } from 'node:crypto';
import {
  EXAM_ERRORS,
  isStaffRole,
  seededOrder,
  type ActiveTestDetails,
  type ActiveTestSession,
  type CheckSessionResult,
  type GetSessionDetailsBodySchema,
  type InstructionBodySchema,
  type InstructionResult,
  type PractiseBodySchema,
} from '@app/contracts';
import pLimit from 'p-limit';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { isDrawSection, type TaskBundle } from '../academy/student/academy.student.exam-content.js';
import { roundMarks } from '../grading/grading.scoring.js';
import { serverKindOf } from '../../question-kinds/index.js';
import { examError, type AttemptCore } from './exam.attempts.js';
import type { ExamContentResource } from './exam.content.js';
import { servedSetKey, type AttemptRow } from './exam.repository.js';
import type { SessionWithContent } from './exam.session-json.js';
import { initialTiming, secondsLeft } from './exam.timing.js';
import { checkResult, sectionTimings, sessionView } from './exam.views.js';

/** Before and at the start: instructions, starting or resuming an attempt, and reading it back. */
type SchemeEntry = { marks: number; negativeMarks: number; questions: number; scheme?: 'jee-advanced' };

/**
 * Each distinct (marks, negative marks, marking rule) of a section's questions, with how many carry
 * it, most common first. The rule is the kind's (`scheme`): JEE Advanced marking of multiple-correct questions.
 */
export function markingScheme(
  maps: ReadonlyArray<{ marks: number; negativeMarks: number; question?: { questionType: string; settings?: Readonly<Record<string, unknown>> } }>,
): SchemeEntry[] {
  const counts = new Map<string, SchemeEntry>();
  for (const map of maps) {
    const scheme = map.question ? (serverKindOf(map.question.questionType)?.scheme?.(map.question) ?? null) : null;
    const key = `${map.marks}/${map.negativeMarks}/${scheme ?? ''}`;
    const entry = counts.get(key) ?? { marks: map.marks, negativeMarks: map.negativeMarks, questions: 0, ...(scheme ? { scheme } : {}) };
    entry.questions += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.questions - a.questions || b.marks - a.marks);
}

export function createExamStart(core: AttemptCore, content: ExamContentResource, startConcurrency: number) {
  const { repo, clock, academy } = core;

  /** The session with the content key of the attempt's served set (its questions then go out as ids and state). */
  async function buildSession(attempt: AttemptRow, bundle: TaskBundle): Promise<SessionWithContent> {
    return content.withContent(sessionView(attempt, bundle, await repo.listAnswers(attempt.id), clock.now()), attempt, bundle);
  }

  /**
   * Served sets by key, in this process: every attempt of a wave is served the same versions of
   * the test's own questions, so the set is looked up (or created) once, not per start.
   */
  const servedSetIds = new Map<string, Promise<number>>();
  const SERVED_SET_CACHE = 1000;

  /** The key of a bundle's served set, worked out once per cached bundle (its maps are never changed). */
  const servedSetKeys = new WeakMap<TaskBundle['maps'], string>();
  function servedSetKeyOf(bundle: TaskBundle): string {
    let key = servedSetKeys.get(bundle.maps);
    if (key === undefined) {
      key = servedSetKey(bundle.task.id, bundle.maps.map((m) => [m.mapId, m.question.versionId] as const));
      servedSetKeys.set(bundle.maps, key);
    }
    return key;
  }

  async function servedSetOf(bundle: TaskBundle): Promise<number | null> {
    if (!bundle.maps.length) return null;
    const key = servedSetKeyOf(bundle);
    let id = servedSetIds.get(key);
    if (!id) {
      // Starts arriving together share one lookup; a failed one is forgotten so the next retries.
      id = repo.ensureServedSet(
        bundle.task.id,
        key,
        bundle.maps.map((m) => ({ questionTaskMapId: m.mapId, questionId: m.question.id, questionVersionId: m.question.versionId })),
      );
      id.catch(() => servedSetIds.delete(key));
      if (servedSetIds.size >= SERVED_SET_CACHE) servedSetIds.delete(servedSetIds.keys().next().value!);
      servedSetIds.set(key, id);
    }
    return id;
  }

  /**
   * A new attempt's row as a start at `at` makes it, with its drawn questions and the bundle it is
   * served (the test's questions and its draws). A prepared attempt is made the same way (decision 078).
   */
  async function draftAttempt(actor: Actor, bundle: TaskBundle, languageId: number | undefined, shiftId: number | null, at: Date) {
    const id = randomUUID();
    // Random sections are drawn now, once: the drawn questions are recorded with the served versions.
    // In a shift (a test window) every attempt is drawn by the shift's seed, so the shift sits one form (decision 066).
    // On an exam centre the window's draw was made by the central server and staged (decision 076).
    const staged = bundle.sections.some(isDrawSection) ? await core.stagedDraw(bundle.task.id, shiftId) : null;
    const drawn = staged ? await academy.stagedDrawn(bundle, staged) : await academy.drawForAttempt(bundle, shiftId === null ? id : `shift:${shiftId}`);
    const maps = [...bundle.maps, ...drawn];
    const order = bundle.sections.map((section) => {
      const mapIds = maps.filter((m) => m.sectionId === section.id).map((m) => m.mapId);
      return bundle.task.shuffle ? seededOrder(mapIds, `${id}:${section.sectionIndex}`) : mapIds;
    });
    const timing = initialTiming(at, bundle.task.durationMinutes, sectionTimings(bundle.sections), bundle.task.sectionWiseTimer);
    const values = {
      id,
      userId: actor.userId,
      taskId: bundle.task.id,
      courseId: bundle.task.courseId,
      testType: bundle.task.testType ?? 'test',
      status: 'open',
      startedAt: at,
      deadlineAt: timing.deadlineAt,
      activeSectionIndex: timing.activeSectionIndex,
      activeSectionDeadlineAt: timing.activeSectionDeadlineAt,
      sectionState: timing.sectionState,
      questionOrder: order,
      total: roundMarks(maps.reduce((sum, m) => sum + m.marks, 0)),
      languageId: languageId ?? null,
      servedSetId: await servedSetOf(bundle),
      shiftId,
    };
    const drawnVersions = drawn.map((m) => ({ questionTaskMapId: m.mapId, questionId: m.question.id, questionVersionId: m.question.versionId }));
    return { values, drawn: drawnVersions, served: { ...bundle, maps } };
  }

  /**
   * The form a prepared attempt is made for (decision 078): what its draw and its order come
   * from. A start whose test hashes otherwise (a question's new version, sections or draw rules
   * changed, shuffle switched) does not take the prepared attempt.
   */
  function preparedKeyOf(bundle: TaskBundle, shiftId: number): string {
    // Worked out at every start (a hash of a few hundred characters): the task row is read afresh each time.
    const { task, sections } = bundle;
    const form = [servedSetKeyOf(bundle), shiftId, task.shuffle, task.durationMinutes, task.sectionWiseTimer, sections.map((s) => [s.id, s.sectionIndex, s.durationMinutes, isDrawSection(s) ? s.drawRule : null])];
    return createHash('sha256').update(JSON.stringify(form)).digest('base64url');
  }

  /**
   * The student's prepared attempt turned open (one UPDATE, no insert), with the bundle it is
   * served; null when there is none for this shift and form.
   */
  async function startPrepared(actor: Actor, bundle: TaskBundle, languageId: number | undefined, shiftId: number): Promise<{ attempt: AttemptRow; served: TaskBundle } | null> {
    const now = clock.now();
    const preparedKey = preparedKeyOf(bundle, shiftId);
    const timing = initialTiming(now, bundle.task.durationMinutes, sectionTimings(bundle.sections), bundle.task.sectionWiseTimer);
    let attempt: AttemptRow | undefined;
    try {
      attempt = await repo.startPreparedAttempt({ userId: actor.userId, taskId: bundle.task.id, shiftId, preparedKey, startedAt: now, timing, languageId: languageId ?? null });
    } catch (error) {
      // A start that inserted meanwhile holds the open attempt (the one-open-attempt index): it is resumed.
      if ((error as { code?: string }).code !== '23505' && (error as { cause?: { code?: string } }).cause?.code !== '23505') throw error;
    }
    // None, or one made for another shift or form: that one stays unseen until the preparation drops it.
    if (!attempt) return null;
    // Drawn questions are the attempt's own: its bundle is read back with them.
    const served = bundle.sections.some(isDrawSection) ? await core.loadBundle(attempt.taskId, attempt.id) : bundle;
    return { attempt, served };
  }

  /**
   * A new attempt, with the bundle it is served (the test's questions and its draws); `fresh` is
   * false when a concurrent Start won and this one resumes that attempt instead.
   */
  async function startAttempt(actor: Actor, bundle: TaskBundle, languageId: number | undefined, shiftId: number | null): Promise<{ attempt: AttemptRow; served: TaskBundle; fresh: boolean }> {
    if (shiftId !== null) {
      const prepared = await startPrepared(actor, bundle, languageId, shiftId);
      if (prepared) return { ...prepared, fresh: true };
    }
    const draft = await draftAttempt(actor, bundle, languageId, shiftId, clock.now());
    const inserted = await repo.insertAttempt(draft.values, draft.drawn);
    if (inserted) return { attempt: inserted, served: draft.served, fresh: true };
    // Two Start presses at once: the unique open-attempt index lets one win; the other resumes it.
    const winner = (await repo.findOpenAttempt(actor.userId, bundle.task.id))!;
    return { attempt: winner, served: await core.loadBundle(winner.taskId, winner.id), fresh: false };
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

  /**
   * Starts and resumes being worked on at once; the rest wait their turn in arrival order. A wave
   * of thousands pressing Start together would otherwise all be under way together: each turn of
   * the event loop would carry thousands of them, delaying every other call (a save waits behind
   * the wave), and all of their objects would be alive at once. The throughput is the same: the
   * work is bound by the processor and the database, not by how many starts are in progress.
   */
  const startGate = pLimit(startConcurrency);

  async function startOrResume(actor: Actor, body: z.output<typeof PractiseBodySchema>): Promise<SessionWithContent> {
    const bundle = await core.accessibleTest(actor, body.taskID, body.courseID);
    if (bundle.sections.length === 0 || (bundle.maps.length === 0 && !bundle.sections.some(isDrawSection))) {
      throw examError(EXAM_ERRORS.EXAM_NO_QUESTIONS);
    }
    let attempt = await repo.findOpenAttempt(actor.userId, bundle.task.id);
    if (attempt) attempt = await core.refresh(attempt, bundle);
    if (!attempt || attempt.status !== 'open') {
      // A graded test is taken as many times as its configuration allows.
      const isGraded = bundle.task.testType !== 'practice';
      if (isGraded && !isStaffRole(actor.role)) {
        // One statement for both checks (a wave of starts runs it thousands of times).
        const checks = await repo.startChecks(actor.userId, bundle.task.id, clock.now());
        if (checks.finished >= bundle.task.attemptsAllowed) throw examError(EXAM_ERRORS.EXAM_ATTEMPTS_USED);
        // One graded test at a time: its clock runs while the student is elsewhere.
        if (checks.activeGradedTaskId !== null && checks.activeGradedTaskId !== bundle.task.id) {
          throw examError(EXAM_ERRORS.EXAM_ANOTHER_TEST_IN_PROGRESS);
        }
      }
      // Only a new start is refused outside the schedule; a started attempt keeps its deadline.
      const { shiftId } = await core.assertCanStart(actor, bundle.task);
      const started = await startAttempt(actor, bundle, body.languageID, shiftId);
      // A new attempt is shown with the bundle it was just served: no answers yet, nothing to read back.
      if (started.fresh) return content.withContent(sessionView(started.attempt, started.served, [], clock.now()), started.attempt, started.served);
      return buildSession(started.attempt, started.served);
    }
    // Resumed, the attempt is shown at the versions it was served.
    return buildSession(attempt, await core.loadBundle(attempt.taskId, attempt.id));
  }

  return {
    activeTestFor,

    /** How the preparation ahead of a window makes an attempt as a start would (decision 078). */
    attemptDrafts: { draftAttempt, preparedKeyOf },

    /** Starts and resumes waiting for their turn (the `starts` queue on /metrics). */
    startsWaiting: () => startGate.pendingCount,

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
      const drawn = sections.filter(isDrawSection);
      const isTimed = task.sectionWiseTimer || (task.durationMinutes ?? 0) > 0;
      const timing = initialTiming(new Date(0), task.durationMinutes, sectionTimings(sections), task.sectionWiseTimer);
      return {
        instructionData: task.instructions,
        TaskName: task.name,
        type: (task.testType ?? 'test') as InstructionResult['type'],
        // 0 means untimed (practice counts up instead).
        totalDuration: isTimed ? Math.round(timing.deadlineAt.getTime() / 1000) : 0,
        totalQuestions: maps.length + drawn.reduce((sum, s) => sum + s.drawRule.count, 0),
        totalMarks: roundMarks(maps.reduce((sum, m) => sum + m.marks, 0) + drawn.reduce((sum, s) => sum + s.drawRule.count * s.drawRule.marks, 0)),
        sections: sections.map((s) => {
          const inSection = maps.filter((m) => m.sectionId === s.id);
          return {
            sectionName: s.name,
            totalQuestions: isDrawSection(s) ? s.drawRule.count : inSection.length,
            sectionDuration: task.sectionWiseTimer ? s.durationMinutes * 60 : 0,
            totalMarks: roundMarks(isDrawSection(s) ? s.drawRule.count * s.drawRule.marks : inSection.reduce((sum, m) => sum + m.marks, 0)),
            marking: isDrawSection(s)
              ? [{ marks: s.drawRule.marks, negativeMarks: s.drawRule.negativeMarks, questions: s.drawRule.count }]
              : markingScheme(inSection),
          };
        }),
        IsCameraAllowed: task.isCameraAllowed,
        IsTabAlertAllowed: task.isTabAlertAllowed,
        Warnings: task.warnings,
        sectionWiseTimer: task.sectionWiseTimer,
      };
    },

    practise(actor: Actor, body: z.output<typeof PractiseBodySchema>): Promise<SessionWithContent> {
      return startGate(() => startOrResume(actor, body));
    },

    /**
     * The player's clock sync (every EXAM_CLOCK_SYNC_MS, so a supervisor's extension reaches it):
     * times need the task and its sections only, not its questions. It also tells the live room
     * the student is still there.
     */
    async checkSession(actor: Actor, body: { TestSessionID: string }): Promise<CheckSessionResult> {
      const attempt = await core.ownAttempt(actor, body.TestSessionID);
      const [task, sections] = await Promise.all([core.academy.getTestTask(attempt.taskId), core.academy.listSections(attempt.taskId)]);
      if (!task) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
      const bundle = { task, sections, maps: [] };
      const current = await core.refresh(attempt, bundle);
      const now = clock.now();
      if (current.status === 'open') await core.repo.stampSeen(current.id, now);
      return checkResult(current, bundle, now);
    },

    async getSessionDetails(actor: Actor, body: z.output<typeof GetSessionDetailsBodySchema>): Promise<SessionWithContent> {
      const attempt = await core.ownAttempt(actor, body.TestSessionID);
      if (attempt.taskId !== body.taskID) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      const bundle = await core.loadBundle(attempt.taskId, attempt.id);
      return buildSession(await core.refresh(attempt, bundle), bundle);
    },

    /** The test's content resource at a key, for a student holding an attempt on its served set. */
    readContent: content.readContent,
  };
}
