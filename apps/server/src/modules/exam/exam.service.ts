import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  COMMON_ERRORS,
  EXAM_ERRORS,
  EVALUATED_QUESTION_TYPES,
  countBlanks,
  isStaffRole,
  type ActiveTestDetails,
  type ActiveTestSession,
  type CapturePhotoBody,
  type CheckSessionResult,
  type ExamSession,
  type FeedbackReport,
  type InstructionResult,
  type PracticeAnswer,
  type QuestionType,
  type ReportResult,
  type SaveAnswerResult,
  type SessionSection,
  type TestResult,
} from '@app/contracts';
import type { z } from 'zod';
import type {
  CompleteSectionBodySchema,
  FeedbackReportQuerySchema,
  GetSessionDetailsBodySchema,
  InstructionBodySchema,
  MarkAnswerBodySchema,
  PractiseBodySchema,
  ReportBodySchema,
  ReportQuestionBodySchema,
  RevealAnswerBodySchema,
  SaveAnswerBodySchema,
  SaveAnswerItemSchema,
  SaveSessionDetailsBodySchema,
  SubmitTestBodySchema,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import {
  canMarkAnswer,
  canViewFrames,
  canViewPendingAnswer,
  canViewReport,
  studentReachOf,
  type AttemptOwner,
  type StudentScope,
} from '../../lib/policy.js';
import type { Clock } from '../../lib/clock.js';
import { startPeriodic } from '../../lib/periodic.js';
import { AppError } from '../../lib/errors.js';
import type { AnswerRow, AttemptRow, ExamRepository, MappedQuestion, SectionRow, TaskRow } from './exam.repository.js';
import { roundMarks, scoreAnswer, sumScores, type QuestionScore, type ScorableQuestion } from './exam.scoring.js';
import {
  completeActiveSection,
  initialTiming,
  rollForward,
  secondsLeft,
  seededShuffle,
  type AttemptTiming,
  type SectionTiming,
} from './exam.timing.js';
import { buildFeedbackReport } from './exam.report.js';

type SaveItem = z.output<typeof SaveAnswerItemSchema>;

export interface ExamServiceDeps {
  repo: ExamRepository;
  clock: Clock;
  uploadsDir: string;
  /** Logs sweeper failures; the sweeper never throws into the timer. */
  onError?: (error: unknown) => void;
  /** Where a student belongs (the auth service knows accounts), for the policies. */
  scopeOf: (userId: number) => Promise<StudentScope | undefined>;
}

interface TaskBundle {
  task: TaskRow & { courseName: string; coursePublished: boolean };
  sections: SectionRow[];
  maps: MappedQuestion[];
}

const SWEEP_BATCH = 200;
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

const err = (def: (typeof EXAM_ERRORS)[keyof typeof EXAM_ERRORS]) => new AppError(def);

function sectionTimings(sections: SectionRow[]): SectionTiming[] {
  return sections.map((s) => ({ sectionIndex: s.sectionIndex, durationSeconds: Math.max(0, s.durationMinutes) * 60 }));
}

function timingOf(attempt: AttemptRow): AttemptTiming {
  return {
    deadlineAt: attempt.deadlineAt,
    activeSectionIndex: attempt.activeSectionIndex,
    activeSectionDeadlineAt: attempt.activeSectionDeadlineAt,
    sectionState: attempt.sectionState,
  };
}

function scorable(map: MappedQuestion): ScorableQuestion {
  const q = map.question;
  return {
    questionID: q.id,
    questionType: q.questionType as QuestionType,
    marks: map.marks,
    negativeMarks: map.negativeMarks,
    allowsPartialCredit: q.allowsPartialCredit,
    numericTolerance: q.numericTolerance,
    correctAnswerId: q.correctAnswerId ?? null,
    correctAnswerData: q.correctAnswerData ?? null,
  };
}

function isEvaluatedType(type: string): boolean {
  return (EVALUATED_QUESTION_TYPES as readonly string[]).includes(type);
}

/** Whether the student has given an answer the scorer can look at. */
function isAnswered(answer: AnswerRow | undefined): boolean {
  return !!answer && answer.answerId !== null && answer.answerId !== undefined;
}

export function createExamService(deps: ExamServiceDeps) {
  const { repo, clock } = deps;

  async function loadBundle(taskId: number): Promise<TaskBundle | undefined> {
    const task = await repo.getTask(taskId);
    if (!task) return undefined;
    const [sections, maps] = await Promise.all([repo.listSections(taskId), repo.listMappedQuestions(taskId)]);
    return { task, sections, maps };
  }

  /** A published test task of a published course the student may take (courseId checked when given). */
  async function accessibleTest(actor: Actor, taskId: number, courseId?: number): Promise<TaskBundle> {
    const bundle = await loadBundle(taskId);
    const staff = isStaffRole(actor.role);
    if (!bundle || (courseId !== undefined && bundle.task.courseId !== courseId)) throw err(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    if (!staff && (!bundle.task.isPublished || !bundle.task.coursePublished)) throw err(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    if (bundle.task.kind !== 'test') throw err(EXAM_ERRORS.EXAM_NOT_A_TEST);
    return bundle;
  }

  /**
   * An attempt another user may act on when the policy allows it (lib/policy.ts: marking, frames,
   * reports); out of scope it is "not found", as if it did not exist.
   */
  async function attemptInScope(actor: Actor, attemptId: string, allows: (actor: Actor, owner: AttemptOwner) => boolean): Promise<AttemptRow> {
    const attempt = await repo.getAttempt(attemptId);
    const student = attempt ? await deps.scopeOf(attempt.userId) : undefined;
    if (!attempt || !student || !allows(actor, { student })) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    return attempt;
  }

  /** The actor's own attempt; anyone else's is "not found", never "forbidden". */
  async function ownAttempt(actor: Actor, attemptId: string): Promise<AttemptRow> {
    const attempt = await repo.getAttempt(attemptId);
    if (!attempt || attempt.userId !== actor.userId) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    return attempt;
  }

  function resultOf(attempt: AttemptRow, task: TaskRow): TestResult {
    return {
      ScoreVisible: task.scoreVisible,
      TaskName: task.name,
      scored: task.scoreVisible ? (attempt.scored ?? 0) : null,
      total: attempt.total,
      courseID: attempt.courseId,
      taskID: attempt.taskId,
      analyticsID: attempt.analyticsId,
      attemptId: attempt.id,
      pendingEvaluation: attempt.pendingEvaluation,
      submittedAt: (attempt.submittedAt ?? attempt.deadlineAt).toISOString(),
      submitReason: (attempt.submitReason ?? 'student') as TestResult['submitReason'],
    };
  }

  /** Scores every question of the attempt from its saved answers and the key. */
  function scoreAll(bundle: TaskBundle, answers: AnswerRow[]) {
    const byMap = new Map(answers.map((a) => [a.questionTaskMapId, a]));
    const questions = bundle.maps.map(scorable);
    const scores: QuestionScore[] = bundle.maps.map((map, i) => {
      const answer = byMap.get(map.mapId);
      return scoreAnswer(questions[i]!, answer && { answerId: answer.answerId, answerData: answer.answerData, evaluatedFraction: answer.evaluatedFraction, teacherMarks: answer.teacherMarks });
    });
    return { scores, totals: sumScores(questions, scores) };
  }

  /**
   * Closes an attempt and scores it, exactly once: the row is locked, and an attempt that is
   * already submitted is returned as it is. A timed-out attempt is stamped with its deadline.
   */
  async function finalize(attemptId: string, reason: TestResult['submitReason'], extra: { analyticsId?: string | null } = {}): Promise<{ attempt: AttemptRow; bundle: TaskBundle }> {
    const attemptNow = await repo.getAttempt(attemptId);
    if (!attemptNow) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    const bundle = (await loadBundle(attemptNow.taskId))!;
    const attempt = await repo.withLockedAttempt(attemptId, async (tx, locked) => {
      if (!locked) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      if (locked.status === 'submitted') return locked;
      const now = clock.now();
      const expired = locked.deadlineAt <= now;
      const submittedAt = expired ? locked.deadlineAt : now;
      const answers = await repo.listAnswers(locked.id, tx);
      const { scores, totals } = scoreAll(bundle, answers);
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
      await repo.markTaskCompleted(tx, { userId: locked.userId, taskId: locked.taskId, courseId: locked.courseId, at: submittedAt });
      return { ...locked, ...values } as AttemptRow;
    });
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
      const sections = bundle?.sections ?? (await repo.listSections(attempt.taskId));
      const { timing, changed } = rollForward(timingOf(attempt), sectionTimings(sections), now);
      if (changed) {
        await repo.updateTiming(attempt.id, timing);
        const updated = { ...attempt, ...timing };
        if (timing.deadlineAt <= now) return (await finalize(attempt.id, 'timeout')).attempt;
        return updated;
      }
    }
    return attempt;
  }

  function sectionTimes(attempt: AttemptRow, sections: SectionRow[], sectionWiseTimer: boolean, now: Date) {
    return sections.map((section, position) => {
      const state = attempt.sectionState.find((s) => s.sectionIndex === section.sectionIndex);
      const isActive = attempt.status === 'open' && (sectionWiseTimer ? attempt.activeSectionIndex === section.sectionIndex : position === 0);
      const completed = attempt.status === 'submitted' || (state?.completed ?? false);
      let remaining: number | null = null;
      if (sectionWiseTimer) {
        if (completed) remaining = 0;
        else if (state?.deadlineAt) remaining = secondsLeft(new Date(state.deadlineAt), now);
        else remaining = section.durationMinutes * 60;
      }
      return { section, isActive, completed, remaining };
    });
  }

  function checkResult(attempt: AttemptRow, bundle: TaskBundle): CheckSessionResult {
    const now = clock.now();
    const open = attempt.status === 'open';
    return {
      TestSessionID: attempt.id,
      isValid: open,
      RemainingTime: open ? secondsLeft(attempt.deadlineAt, now) : 0,
      Section: sectionTimes(attempt, bundle.sections, bundle.task.sectionWiseTimer, now).map((s) => ({
        sectionIndex: s.section.sectionIndex,
        sectionName: s.section.name,
        RemainingTime: s.remaining,
        active: s.isActive,
        isSectionCompleted: s.completed,
      })),
      CurrentDate: now.toISOString(),
      testResult: open ? null : resultOf(attempt, bundle.task),
    };
  }

  /** The player's view of an attempt. Keys are never copied onto it. */
  async function buildSession(attempt: AttemptRow, bundle: TaskBundle): Promise<ExamSession> {
    const now = clock.now();
    const answers = await repo.listAnswers(attempt.id);
    const byMap = new Map(answers.map((a) => [a.questionTaskMapId, a]));
    const mapsById = new Map(bundle.maps.map((m) => [m.mapId, m]));
    const isPractice = bundle.task.testType === 'practice';
    const times = sectionTimes(attempt, bundle.sections, bundle.task.sectionWiseTimer, now);
    const section: SessionSection[] = bundle.sections.map((row, position) => {
      const order = attempt.questionOrder[position] ?? [];
      const question = order
        .map((mapId) => mapsById.get(mapId))
        .filter((m): m is MappedQuestion => !!m)
        .map((m) => {
          const q = m.question;
          const answer = byMap.get(m.mapId);
          return {
            questionID: q.id,
            questionTaskMapID: m.mapId,
            questionType: q.questionType as QuestionType,
            contentType: q.contentType as ExamSession['section'][number]['question'][number]['contentType'],
            questionTitle: q.title,
            questionData: q.data,
            mediaUrl: q.mediaUrl,
            answerTitle: q.answerTitle,
            marks: m.marks,
            negativeMarks: m.negativeMarks,
            blankCount: q.questionType === 'text' ? countBlanks(q.data) : 0,
            answer: q.options.map((o) => ({ answerID: o.answerID, answerData: o.answerData })),
            hint: isPractice ? q.hint : null,
            instructions: q.instructions,
            lineNumber: q.lineNumber,
            questionDetails: q.programming
              ? {
                  codeStubs: q.programming.codeStubs,
                  allowedLanguages: q.programming.allowedLanguages,
                  inputFormat: q.programming.inputFormat,
                  outputFormat: q.programming.outputFormat,
                  constraints: q.programming.constraints,
                  timeLimitMs: q.programming.timeLimitMs,
                  memoryLimitMb: q.programming.memoryLimitMb,
                }
              : null,
            sampleInputOutputs: q.sampleCases.map((c) => ({ inputData: c.input, outputData: c.output })),
            startFileUrl: q.startFileUrl,
            allowsPartialCredit: q.allowsPartialCredit,
            answerID: (answer?.answerId ?? null) as ExamSession['section'][number]['question'][number]['answerID'],
            answerData: (answer?.answerData ?? null) as ExamSession['section'][number]['question'][number]['answerData'],
            timeSpent: answer?.timeSpentSeconds ?? 0,
            isMarked: answer?.isMarked ?? false,
            isShowAnswer: answer?.isRevealed ?? false,
            seq: answer?.seq ?? 0,
          };
        });
      const time = times[position]!;
      return {
        sectionIndex: row.sectionIndex,
        sectionName: row.name,
        sectionDuration: bundle.task.sectionWiseTimer ? row.durationMinutes * 60 : 0,
        sectionTimeRemaining: time.remaining,
        sectionWiseTimer: bundle.task.sectionWiseTimer,
        totalQuestions: question.length,
        isActiveSection: time.isActive,
        isSectionCompleted: time.completed,
        question,
      };
    });
    const t = bundle.task;
    return {
      taskID: t.id,
      courseID: t.courseId,
      TaskName: t.name,
      type: (t.testType ?? 'test') as ExamSession['type'],
      QuestionDisplayType: t.questionDisplayType as ExamSession['QuestionDisplayType'],
      shuffle: t.shuffle,
      sectionWiseTimer: t.sectionWiseTimer,
      questionSwitch: t.questionSwitch,
      mandatory: t.mandatory,
      IsSectionNavigationAllowed: t.isSectionNavigationAllowed,
      IsEditorAllowed: t.isEditorAllowed,
      IsCameraAllowed: t.isCameraAllowed,
      IsTabAlertAllowed: t.isTabAlertAllowed,
      Warnings: t.warnings,
      ScoreVisible: t.scoreVisible,
      partialSubmit: t.partialSubmitMinutes,
      TestSessionID: attempt.id,
      status: attempt.status as ExamSession['status'],
      totalDuration: Math.round((attempt.deadlineAt.getTime() - attempt.startedAt.getTime()) / 1000),
      RemainingTime: attempt.status === 'open' ? secondsLeft(attempt.deadlineAt, now) : 0,
      timeSpent: Math.max(0, Math.floor((Math.min(now.getTime(), (attempt.submittedAt ?? attempt.deadlineAt).getTime()) - attempt.startedAt.getTime()) / 1000)),
      date: attempt.startedAt.toISOString(),
      expiryDate: attempt.deadlineAt.toISOString(),
      CurrentDate: now.toISOString(),
      tabChangeWarnings: attempt.tabChangeWarnings,
      localState: attempt.localState ?? null,
      section,
    };
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
    });
    // Two Start presses at once: the unique open-attempt index lets one win; the other resumes it.
    return inserted ?? (await repo.findOpenAttempt(actor.userId, bundle.task.id))!;
  }

  function assertOpen(attempt: AttemptRow): void {
    if (attempt.status !== 'open') throw err(EXAM_ERRORS.EXAM_ALREADY_SUBMITTED);
    if (attempt.deadlineAt <= clock.now()) throw err(EXAM_ERRORS.EXAM_TIME_OVER);
  }

  async function saveItems(actor: Actor, attemptId: string, items: SaveItem[], retried = false): Promise<SaveAnswerResult> {
    const now = clock.now();
    const outcome = await repo.saveAnswersFast(
      attemptId,
      actor.userId,
      now,
      items.map((item) => ({
        qtm: item.questionTaskMapID,
        qtype: item.questionType,
        seq: item.seq,
        answer_id: item.answerID,
        answer_data: item.answerData ?? null,
        time_spent: item.timeSpent,
        is_marked: item.isMarked ?? null,
      })),
    );
    const attempt = outcome.attempt;
    if (!attempt || attempt.user_id !== actor.userId) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    if (outcome.okCount === 0) {
      if (attempt.status !== 'open') throw err(EXAM_ERRORS.EXAM_ALREADY_SUBMITTED);
      if (new Date(attempt.deadline_at) <= now) {
        // Nothing was written; close the attempt now rather than wait for the sweeper.
        await finalize(attemptId, 'timeout');
        throw err(EXAM_ERRORS.EXAM_TIME_OVER);
      }
      if (!retried && attempt.active_section_deadline_at && new Date(attempt.active_section_deadline_at) <= now) {
        const row = await repo.getAttempt(attemptId);
        const refreshed = row ? await refresh(row) : undefined;
        if (refreshed?.status !== 'open') throw err(EXAM_ERRORS.EXAM_TIME_OVER);
        return saveItems(actor, attemptId, items, true);
      }
      throw err(EXAM_ERRORS.EXAM_SECTION_CLOSED);
    }
    const bad = outcome.bad;
    if (bad?.not_in_test) throw err(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
    if (bad?.type_mismatch) throw err(EXAM_ERRORS.EXAM_QUESTION_TYPE_MISMATCH);
    // Only when every item is a revealed question: a batch with others saves those and skips these.
    if (bad && bad.revealed > 0 && bad.revealed === bad.total) throw err(EXAM_ERRORS.EXAM_ANSWER_REVEALED);
    if (bad?.wrong_section) throw err(EXAM_ERRORS.EXAM_SECTION_CLOSED);
    const applied = new Map(outcome.applied.map((a) => [a.qtm, a.seq]));
    const current = new Map(outcome.current.map((c) => [c.qtm, c.seq]));
    const seen = new Set<number>();
    const saved = items
      .filter((item) => (seen.has(item.questionTaskMapID) ? false : (seen.add(item.questionTaskMapID), true)))
      .map((item) => {
        const appliedSeq = applied.get(item.questionTaskMapID);
        return appliedSeq !== undefined
          ? { questionTaskMapID: item.questionTaskMapID, seq: appliedSeq, applied: true }
          : { questionTaskMapID: item.questionTaskMapID, seq: current.get(item.questionTaskMapID) ?? item.seq, applied: false };
      });
    return { TestSessionID: attemptId, RemainingTime: secondsLeft(new Date(attempt.deadline_at), now), saved };
  }

  async function activeTestFor(userId: number): Promise<ActiveTestDetails | null> {
    const now = clock.now();
    const attempt = await repo.findActiveGradedAttempt(userId, now);
    if (!attempt) return null;
    return {
      TestSessionID: attempt.id,
      TaskID: attempt.taskId,
      CourseID: attempt.courseId,
      TaskName: attempt.taskName,
      RemainingTime: secondsLeft(attempt.deadlineAt, now),
      TotalDuration: Math.round((attempt.deadlineAt.getTime() - attempt.startedAt.getTime()) / 1000),
      CurrentDate: now.toISOString(),
    };
  }

  async function sweepExpired(): Promise<number> {
    let count = 0;
    await repo.withSweepLock(async () => {
      const ids = await repo.listExpiredAttemptIds(clock.now(), SWEEP_BATCH);
      for (const id of ids) {
        await finalize(id, 'timeout');
        count += 1;
      }
    });
    return count;
  }

  function practiceAnswerOf(map: MappedQuestion, answer: AnswerRow | undefined): PracticeAnswer {
    const q = map.question;
    const score = scoreAnswer(scorable(map), answer && { answerId: answer.answerId, answerData: answer.answerData, evaluatedFraction: answer.evaluatedFraction, teacherMarks: answer.teacherMarks });
    const decided = score.status !== 'pending' && !(isEvaluatedType(q.questionType) && answer?.evaluatedFraction == null);
    return {
      questionTaskMapID: map.mapId,
      questionID: q.id,
      questionType: q.questionType as QuestionType,
      correctAnswerID: q.correctAnswerId ?? null,
      correctAnswerData: Array.isArray(q.correctAnswerData)
        ? q.correctAnswerData.map((b) => ({ id: b.id, value: b.value }))
        : (q.correctAnswerData ?? null),
      explanation: q.explanation,
      solution: q.solution,
      isCorrect: isAnswered(answer) && decided ? score.status === 'correct' : null,
      marksAwarded: isAnswered(answer) && decided ? score.marksAwarded : null,
    };
  }

  return {
    activeTestFor,
    sweepExpired,
    finalize,

    /** Runs the sweeper every intervalMs; returns its stop function. */
    startSweeper(intervalMs: number): () => Promise<void> {
      return startPeriodic(sweepExpired, intervalMs, deps.onError);
    },

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

    async checkSession(actor: Actor, body: { TestSessionID: string }): Promise<CheckSessionResult> {
      const attempt = await ownAttempt(actor, body.TestSessionID);
      const bundle = (await loadBundle(attempt.taskId))!;
      return checkResult(await refresh(attempt, bundle), bundle);
    },

    async getSessionDetails(actor: Actor, body: z.output<typeof GetSessionDetailsBodySchema>): Promise<ExamSession> {
      const attempt = await ownAttempt(actor, body.TestSessionID);
      if (attempt.taskId !== body.taskID) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      const bundle = (await loadBundle(attempt.taskId))!;
      return buildSession(await refresh(attempt, bundle), bundle);
    },

    async practise(actor: Actor, body: z.output<typeof PractiseBodySchema>): Promise<ExamSession> {
      const bundle = await accessibleTest(actor, body.taskID, body.courseID);
      if (bundle.sections.length === 0 || bundle.maps.length === 0) throw err(EXAM_ERRORS.EXAM_NO_QUESTIONS);
      let attempt = await repo.findOpenAttempt(actor.userId, bundle.task.id);
      if (attempt) attempt = await refresh(attempt, bundle);
      if (!attempt || attempt.status !== 'open') attempt = await startAttempt(actor, bundle, body.languageID);
      return buildSession(attempt, bundle);
    },

    async saveSessionDetails(actor: Actor, body: z.output<typeof SaveSessionDetailsBodySchema>) {
      const attempt = await refresh(await ownAttempt(actor, body.TestSessionID));
      if (attempt.status !== 'open') throw err(EXAM_ERRORS.EXAM_ALREADY_SUBMITTED);
      await repo.saveSessionDetails(attempt.id, { localState: body.localState, tabChangeWarnings: body.tabChangeWarnings });
      const warnings = Math.max(attempt.tabChangeWarnings, body.tabChangeWarnings ?? 0);
      const task = (await repo.getTask(attempt.taskId))!;
      // Spec 001 §4: with tab monitoring on, reaching Warnings − 1 away periods submits the test.
      const monitored = task.isTabAlertAllowed === 0 && !task.isCameraAllowed && task.testType === 'test';
      if (monitored && body.tabChangeWarnings !== undefined && warnings >= Math.max(1, task.warnings - 1)) {
        const { attempt: done, bundle } = await finalize(attempt.id, 'warnings');
        return { TestSessionID: attempt.id, tabChangeWarnings: warnings, testResult: resultOf(done, bundle.task) };
      }
      return { TestSessionID: attempt.id, tabChangeWarnings: warnings, testResult: null };
    },

    async completeSection(actor: Actor, body: z.output<typeof CompleteSectionBodySchema>): Promise<CheckSessionResult> {
      const owned = await ownAttempt(actor, body.TestSessionID);
      const bundle = (await loadBundle(owned.taskId))!;
      const attempt = await refresh(owned, bundle);
      if (attempt.status !== 'open') return checkResult(attempt, bundle);
      if (!bundle.task.sectionWiseTimer || attempt.activeSectionIndex !== body.sectionIndex) throw err(EXAM_ERRORS.EXAM_SECTION_NOT_ACTIVE);
      const timing = completeActiveSection(timingOf(attempt), sectionTimings(bundle.sections), clock.now());
      // The last section is done: the student has finished the test.
      if (timing.activeSectionIndex === null) return checkResult((await finalize(attempt.id, 'student')).attempt, bundle);
      await repo.updateTiming(attempt.id, timing);
      return checkResult({ ...attempt, ...timing }, bundle);
    },

    async instruction(actor: Actor, body: z.output<typeof InstructionBodySchema>): Promise<InstructionResult> {
      const { task, sections, maps } = await accessibleTest(actor, body.taskID, body.courseID);
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

    async report(actor: Actor, body: z.output<typeof ReportBodySchema>): Promise<ReportResult> {
      const rows = await repo.listSubmittedAttempts(actor.userId, { courseId: body.courseID, taskId: body.taskID });
      return {
        instructionData:
          'Your feedback report shows marks per section, accuracy per topic, time spent on each question, your rank and percentile among everyone who took the test, and the correct answers with explanations.',
        attempts: rows.map((r) => resultOf(r.attempt, { ...({} as TaskRow), name: r.taskName, scoreVisible: r.scoreVisible })),
      };
    },

    async saveAnswer(actor: Actor, body: z.output<typeof SaveAnswerBodySchema>): Promise<SaveAnswerResult> {
      const result = await saveItems(actor, body.TestSessionID, body.data);
      if (body.screenInactive !== undefined) await repo.recordScreenInactive(body.TestSessionID, body.screenInactive);
      return result;
    },

    async submitTest(actor: Actor, body: z.output<typeof SubmitTestBodySchema>): Promise<TestResult> {
      const attempt = await ownAttempt(actor, body.TestSessionID);
      if (attempt.taskId !== body.TaskID) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      if (attempt.status === 'open' && attempt.deadlineAt > clock.now() && body.data?.length) {
        await saveItems(actor, attempt.id, body.data);
      }
      const { attempt: done, bundle } = await finalize(attempt.id, 'student', { analyticsId: body.analyticsID ?? null });
      return resultOf(done, bundle.task);
    },

    async revealAnswer(actor: Actor, body: z.output<typeof RevealAnswerBodySchema>): Promise<PracticeAnswer> {
      const attempt = await ownAttempt(actor, body.TestSessionID);
      const bundle = (await loadBundle(attempt.taskId))!;
      const map = bundle.maps.find((m) => m.mapId === body.questionTaskMapID);
      if (!map) throw err(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      // A graded test shows keys only in the feedback report, after submission.
      if (bundle.task.testType !== 'practice') throw err(EXAM_ERRORS.EXAM_REVEAL_NOT_ALLOWED);
      if (attempt.status === 'open') await repo.setRevealed(attempt.id, map.mapId, clock.now());
      const answers = await repo.listAnswers(attempt.id);
      return practiceAnswerOf(map, answers.find((a) => a.questionTaskMapId === map.mapId));
    },

    async capturePhoto(actor: Actor, body: CapturePhotoBody & { testSessionID: string; taskID: number }) {
      const attempt = await ownAttempt(actor, body.testSessionID);
      if (attempt.taskId !== body.taskID) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      assertOpen(attempt);
      const task = (await repo.getTask(attempt.taskId))!;
      if (!task.isCameraAllowed) throw err(EXAM_ERRORS.EXAM_CAMERA_OFF);
      const base64 = body.dataURL.slice(body.dataURL.indexOf(',') + 1).replace(/\s/g, '');
      const bytes = Buffer.from(base64, 'base64');
      // Checked by content: a JPEG starts with FF D8 FF and ends with FF D9.
      const isJpeg = bytes.length > 4 && bytes.subarray(0, 3).equals(JPEG_MAGIC) && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
      if (!isJpeg) throw err(EXAM_ERRORS.EXAM_PHOTO_INVALID);
      const now = clock.now();
      const dir = path.join(deps.uploadsDir, 'proctoring', attempt.id);
      await fs.mkdir(dir, { recursive: true });
      const fileName = `${now.getTime()}-${randomUUID().slice(0, 8)}.jpg`;
      await fs.writeFile(path.join(dir, fileName), bytes);
      const row = await repo.insertPhoto({ attemptId: attempt.id, userId: actor.userId, capturedAt: now, fileName, bytes: bytes.length });
      return { frameId: row.id, capturedAt: row.capturedAt.toISOString() };
    },

    async listPhotos(staff: Actor, query: { attemptId: string }) {
      const attempt = await attemptInScope(staff, query.attemptId, canViewFrames);
      const [frames, task, studentName] = await Promise.all([repo.listPhotos(attempt.id), repo.getTask(attempt.taskId), repo.getUserName(attempt.userId)]);
      return {
        attemptId: attempt.id,
        userId: attempt.userId,
        studentName,
        TaskName: task?.name ?? '',
        frames: frames.map((f) => ({ frameId: f.id, capturedAt: f.capturedAt.toISOString(), bytes: f.bytes })),
      };
    },

    async getPhoto(staff: Actor, query: { frameId: number }) {
      const frame = await repo.getPhoto(query.frameId);
      const student = frame ? await deps.scopeOf(frame.userId) : undefined;
      if (!frame || !student || !canViewFrames(staff, { student })) throw new AppError(COMMON_ERRORS.NOT_FOUND);
      const bytes = await fs.readFile(path.join(deps.uploadsDir, 'proctoring', frame.attemptId, path.basename(frame.fileName)));
      return { frameId: frame.id, capturedAt: frame.capturedAt.toISOString(), dataURL: `data:image/jpeg;base64,${bytes.toString('base64')}` };
    },

    async reportQuestion(actor: Actor, body: z.output<typeof ReportQuestionBodySchema>) {
      const map = await repo.findMap(body.questionTaskMapID);
      if (!map) throw err(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      if (body.TestSessionID) {
        const attempt = await ownAttempt(actor, body.TestSessionID);
        if (attempt.taskId !== map.taskId) throw err(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      } else {
        await accessibleTest(actor, map.taskId);
      }
      const row = await repo.insertQuestionReport({
        userId: actor.userId,
        questionTaskMapId: map.id,
        attemptId: body.TestSessionID ?? null,
        message: body.message,
        createdAt: clock.now(),
      });
      return { reportId: row.id };
    },

    async listPendingEvaluations(staff: Actor, query: { taskId?: number }) {
      const rows = await repo.listPendingComprehensive(query.taskId, studentReachOf(staff, 'grading.viewPending'));
      return rows.filter((r) => canViewPendingAnswer(staff, { student: r.student })).map((r) => ({
        attemptId: r.attemptId,
        questionTaskMapID: r.mapId,
        questionID: r.questionId,
        TaskName: r.taskName,
        studentName: `${r.firstName} ${r.lastName}`.trim(),
        questionData: r.questionData,
        answerData: typeof r.answerData === 'string' ? r.answerData : null,
        lineNumber: r.lineNumber,
        marks: Number(r.marks),
        submittedAt: r.submittedAt?.toISOString() ?? null,
      }));
    },

    /** A teacher marks a comprehensive answer; the attempt is scored again with it. */
    async markAnswer(staff: Actor, body: z.output<typeof MarkAnswerBodySchema>): Promise<TestResult> {
      const attempt = await attemptInScope(staff, body.attemptId, canMarkAnswer);
      if (attempt.status !== 'submitted') throw err(EXAM_ERRORS.EXAM_NOT_SUBMITTED);
      const bundle = (await loadBundle(attempt.taskId))!;
      const map = bundle.maps.find((m) => m.mapId === body.questionTaskMapID);
      if (!map) throw err(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      if (map.question.questionType !== 'comprehensive') throw err(EXAM_ERRORS.EXAM_NOT_COMPREHENSIVE);
      if (body.marksAwarded > map.marks) throw err(EXAM_ERRORS.EXAM_MARKS_TOO_HIGH);
      const updated = await repo.withLockedAttempt(attempt.id, async (tx, locked) => {
        await repo.setTeacherMarks(tx, attempt.id, map.mapId, body.marksAwarded, staff.userId);
        const answers = await repo.listAnswers(attempt.id, tx);
        const { scores, totals } = scoreAll(bundle, answers);
        const values = { scored: totals.scored, total: totals.total, negativeMarksLost: totals.negativeMarksLost, pendingEvaluation: totals.pendingEvaluation };
        await repo.writeScores(tx, attempt.id, bundle.maps.map((m, i) => ({ qtm: m.mapId, marksAwarded: scores[i]!.marksAwarded, status: scores[i]!.status })), values);
        return { ...(locked ?? attempt), ...values };
      });
      return resultOf(updated, bundle.task);
    },

    async feedbackReport(actor: Actor, query: z.output<typeof FeedbackReportQuerySchema>): Promise<FeedbackReport> {
      // The student, a linked parent, or staff in scope with the permission (lib/policy.ts canViewReport).
      const attempt = await attemptInScope(actor, query.attemptId, canViewReport);
      if (attempt.taskId !== query.taskId || attempt.courseId !== query.courseId) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      const current = await refresh(attempt);
      if (current.status !== 'submitted') throw err(EXAM_ERRORS.EXAM_NOT_SUBMITTED);
      const bundle = (await loadBundle(current.taskId))!;
      const [answers, taskScores, classAccuracy] = await Promise.all([
        repo.listAnswers(current.id),
        repo.listTaskScores(current.taskId),
        repo.classAccuracy(current.taskId),
      ]);
      return buildFeedbackReport({ attempt: current, bundle, answers, taskScores, classAccuracy, scoreAll });
    },

    /** For the code runner: the cases of a programming question the actor may run. */
    async getProgrammingQuestionForRun(actor: Actor, input: { taskId: number; questionId: number; testSessionId?: string }) {
      const bundle = await accessibleTest(actor, input.taskId);
      const map = bundle.maps.find((m) => m.question.id === input.questionId);
      if (!map) throw err(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      if (map.question.questionType !== 'programming' || !map.question.programming) throw err(EXAM_ERRORS.EXAM_NOT_PROGRAMMING);
      if (input.testSessionId) {
        const attempt = await refresh(await ownAttempt(actor, input.testSessionId));
        if (attempt.taskId !== input.taskId) throw err(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
        assertOpen(attempt);
      }
      const p = map.question.programming;
      return {
        questionId: map.question.id,
        allowedLanguages: p.allowedLanguages,
        sampleCases: map.question.sampleCases.map((c) => ({ input: c.input, output: c.output })),
        hiddenCases: map.question.hiddenCases.map((c) => ({ input: c.input, output: c.output })),
        timeLimitMs: p.timeLimitMs,
        memoryLimitMb: p.memoryLimitMb,
      };
    },

    /** For the code runner and office evaluator: store an evaluated answer and its score (0–1). */
    async recordEvaluatedAnswer(actor: Actor, input: { testSessionId: string; questionId: number; answerData: unknown; scoreFraction: number }): Promise<void> {
      const attempt = await refresh(await ownAttempt(actor, input.testSessionId));
      assertOpen(attempt);
      const map = await repo.findMapByQuestion(attempt.taskId, input.questionId);
      if (!map) throw err(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      if (!isEvaluatedType(map.question.questionType)) throw err(EXAM_ERRORS.EXAM_QUESTION_TYPE_MISMATCH);
      if (attempt.activeSectionIndex !== null) {
        const sections = await repo.listSections(attempt.taskId);
        const section = sections.find((s) => s.id === map.sectionId);
        if (section?.sectionIndex !== attempt.activeSectionIndex) throw err(EXAM_ERRORS.EXAM_SECTION_CLOSED);
      }
      const fraction = Number.isFinite(input.scoreFraction) ? Math.min(Math.max(input.scoreFraction, 0), 1) : 0;
      await repo.upsertEvaluated(attempt.id, map.mapId, { answerData: input.answerData ?? null, fraction, now: clock.now() });
    },
  };
}

export type ExamService = ReturnType<typeof createExamService>;
export type { TaskBundle };
