import {
  EXAM_ERRORS,
  isStaffRole,
  REPORTS_ERRORS,
  type FeedbackReport,
  type ShowAnswersWhen,
  type FeedbackReportQuerySchema,
  type ReportBodySchema,
  DEFAULT_TIME_ZONE,
  type Activity,
  type ActivityQuerySchema,
  type ParentHome,
  type ReportResult,
  type StudentTestWindow,
  type StudentDashboard,
  type StudentDashboardQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../../lib/actor.js';
import { AppError, forbidden } from '../../../lib/errors.js';
import { hasPermission, type StudentScope } from '../../../lib/policy.js';
import type { ExamContent } from '../../academy/student/academy.student.exam-content.js';
import type { ExamService } from '../../exam/exam.service.js';
import type { Clock } from '../../../lib/clock.js';
import type { TaskBundle } from '../../academy/student/academy.student.exam-content.js';
import type { RescoredQuestion, ScoredAttempts, Statement, Statements } from '../../exam/exam.service.js';
import { dateIn } from '../../../lib/zoned-dates.js';
import { activityByDay, daysFrom } from './reports.student.activity.js';
import { buildStudentDashboard, topShare, type FirstAttemptRow } from '../shared/reports.dashboard.js';
import { buildFeedbackReport } from './reports.student.feedback.js';
import type { ReportsRepository } from './reports.student.repository.js';
import { summaryPatchOf, summariseAttempt } from '../shared/reports.summary.js';
import { canViewReport } from '../shared/reports.policy.js';

export interface ReportsServiceDeps {
  exam: Pick<ExamService, 'anyAttempt' | 'currentAttempt' | 'listAnswers' | 'listSubmittedAttempts' | 'firstAttemptScores' | 'classAccuracy' | 'resultOf' | 'loadAttemptBundle' | 'listSubmittedAttemptIds' | 'isFirstAttemptOf'>;
  academy: Pick<ExamContent, 'taskNames' | 'questionsInOpenGradedTests' | 'studyTimeByDay'>;
  /** Where students belong (the auth service knows accounts), for the policies. */
  scopesOf: (userIds: number[]) => Promise<Map<number, StudentScope>>;
  repo: ReportsRepository;
  clock: Clock;
  /** The parent's linked children (auth), their scheduled tests (schedules) and overdue to-dos (todo), for the parents' home. */
  childrenOf: (actor: Actor) => Promise<{ id: number; displayName: string }[]>;
  openTestsAt: (place: StudentScope) => Promise<StudentTestWindow[]>;
  /** A scheduled test's window for a student's place (schedules): absent when not scheduled, null when none is for the place. */
  windowsAtPlace: (place: StudentScope, taskIds: number[]) => Promise<Map<number, { closesAt: Date } | null>>;
  overdueTodosOf: (userId: number) => Promise<{ id: number; title: string; dueDate: string | null }[]>;
}

/** How many recent tests the parents' home trend shows. */
const TREND_LENGTH = 5;

const REPORT_PAGE_TEXT =
  'Your feedback report shows marks per section, accuracy per topic, time spent on each question, your rank and percentile among everyone who took the test, and the correct answers with explanations.';

/** Reports: the report page and the feedback report of a submitted attempt (dashboards join later). */
/** Attempts read per step of the summary backfill. */
const BACKFILL_PAGE = 200;

export function createReportsService(deps: ReportsServiceDeps) {
  const { exam, academy } = deps;
  const notFound = () => new AppError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);

  const { repo, clock } = deps;

  /**
   * The test's "when answers are shown" for a student: never; after submitting; or once the
   * student's test window has closed (a test with no window for the student has nothing to wait
   * for, so its answers show after submitting).
   */
  async function answersHiddenFor(task: { id: number; showAnswers: ShowAnswersWhen }, student: StudentScope): Promise<FeedbackReport['answersHidden']> {
    if (task.showAnswers === 'never') return { reason: 'never', shownFrom: null };
    if (task.showAnswers !== 'afterWindow') return null;
    const window = (await deps.windowsAtPlace(student, [task.id])).get(task.id);
    if (!window || window.closesAt.getTime() <= clock.now().getTime()) return null;
    return { reason: 'afterWindow', shownFrom: window.closesAt.toISOString() };
  }

  /**
   * The feedback report's rule for the keys of a submitted attempt (answers, explanations and the
   * office solution files alike): the test's own setting holds every key back from the student and
   * their parents (staff always see them), and a practice report withholds the keys of questions an
   * open graded test also holds.
   */
  async function keyRules(actor: Actor, bundle: TaskBundle, student: StudentScope): Promise<{ keysWithheld: Set<number>; answersHidden: FeedbackReport['answersHidden'] }> {
    const isPractice = bundle.task.testType === 'practice';
    const [keysWithheld, answersHidden] = await Promise.all([
      isPractice ? academy.questionsInOpenGradedTests(bundle.maps.map((m) => m.question.id)) : Promise.resolve(new Set<number>()),
      isPractice || isStaffRole(actor.role) ? Promise.resolve(null) : answersHiddenFor(bundle.task, student),
    ]);
    return { keysWithheld, answersHidden };
  }

  /** Tasks' first attempts, with questions loaded only for each task's top 10 % (the time yardstick). */
  async function loadFirstAttempts(taskIds: number[]): Promise<FirstAttemptRow[]> {
    const rows = await repo.listFirstAttempts(taskIds);
    const byTask = new Map<number, typeof rows>();
    for (const row of rows) {
      const list = byTask.get(row.taskId);
      if (list) list.push(row);
      else byTask.set(row.taskId, [row]);
    }
    const questions = await repo.listQuestionsOf([...byTask.values()].flatMap((list) => topShare(list).map((r) => r.attemptId)));
    return rows.map((row) => ({ ...row, questions: questions.get(row.attemptId) ?? [] }));
  }

  /** The student whose reports are asked for (the caller when none is named), once the caller may see them. */
  async function viewableStudent(actor: Actor, studentId: number | undefined): Promise<number> {
    // A staff role without the permission is refused whoever the student is.
    if (isStaffRole(actor.role) && !hasPermission(actor, 'reports.view')) throw forbidden();
    const id = studentId ?? actor.userId;
    const student = (await deps.scopesOf([id])).get(id);
    if (!student || !canViewReport(actor, { student })) throw new AppError(REPORTS_ERRORS.REPORTS_STUDENT_NOT_FOUND);
    return id;
  }

  return {
    /** The statements that write attempts' summaries and their layouts: the exam runs them in the statement that writes the scores. */
    summaryStatement(scored: ScoredAttempts): Statements {
      const summaries = scored.attempts.map((s) => summariseAttempt(s.attempt, s.bundle, s.answers, s.scores));
      return repo.summariesUpsert(summaries, scored.isFirstAttempt, clock.now());
    },

    /** Of these attempts, those whose summary holds the question (a regrade patches those in place). */
    summariesHolding: (mapId: number, attemptIds: string[]) => repo.holdingQuestion(mapId, attemptIds),

    /** The statement that patches the summaries of attempts whose one question a regrade scored again (decision 062). */
    questionRescoredStatement(rescored: RescoredQuestion): Statement {
      return repo.summaryQuestionPatch(summaryPatchOf(rescored), clock.now());
    },

    /**
     * Summarises submitted attempts that have none (scored before summaries existed). Safe to run
     * again or from several processes: each summary is an upsert. Returns how many were written.
     */
    async backfillSummaries(log: (text: string, error: unknown) => void = () => {}): Promise<number> {
      let written = 0;
      for (let offset = 0; ; offset += BACKFILL_PAGE) {
        const page = await exam.listSubmittedAttemptIds(offset, BACKFILL_PAGE);
        if (!page.length) return written;
        const done = await repo.summarised(page);
        for (const id of page.filter((attemptId) => !done.has(attemptId))) {
          try {
            const attempt = await exam.anyAttempt(id);
            const [bundle, answers] = await Promise.all([exam.loadAttemptBundle(attempt), exam.listAnswers(id)]);
            await repo.upsertSummary(summariseAttempt(attempt, bundle, answers), exam.isFirstAttemptOf, clock.now());
            written += 1;
          } catch (error) {
            log(`attempt summary backfill failed for ${id}`, error);
          }
        }
      }
    },

    /**
     * A student's analytics across their submitted attempts, from attempt summaries: the student,
     * a linked parent, or staff in scope with reports.view; anyone else gets 404.
     */
    async studentDashboard(actor: Actor, query: z.output<typeof StudentDashboardQuerySchema>): Promise<StudentDashboard> {
      const studentId = await viewableStudent(actor, query.studentId);
      const mine = await repo.listForUser(studentId);
      const taskIds = [...new Set(mine.map((s) => s.taskId))];
      const [firstAttempts, tasks] = await Promise.all([loadFirstAttempts(taskIds), academy.taskNames(taskIds)]);
      return buildStudentDashboard({ studentId, mine, firstAttempts, tasks });
    },

    /** Tests taken and study time (course tracking) on each of the last `days` days, in India time. */
    async activity(actor: Actor, query: z.output<typeof ActivityQuerySchema>): Promise<Activity> {
      const studentId = await viewableStudent(actor, query.studentId);
      const firstDay = dateIn(new Date(clock.now().getTime() - (query.days - 1) * 86_400_000), DEFAULT_TIME_ZONE);
      const [summaries, study] = await Promise.all([repo.listForUser(studentId), academy.studyTimeByDay(studentId, firstDay)]);
      const testDays = summaries.map((s) => dateIn(s.submittedAt, DEFAULT_TIME_ZONE));
      return { studentId, days: activityByDay(daysFrom(firstDay, query.days), testDays, study) };
    },

    /** The parents' home: each linked child at a glance (a parent sees only their own children). */
    async parentHome(actor: Actor): Promise<ParentHome> {
      const children = await deps.childrenOf(actor);
      const scopes = await deps.scopesOf(children.map((c) => c.id));
      const out: ParentHome['children'] = [];
      for (const child of children) {
        const student = scopes.get(child.id);
        if (!student || !canViewReport(actor, { student })) continue;
        const mine = await repo.listForUser(child.id);
        const taskIds = [...new Set(mine.map((s) => s.taskId))];
        const [firstAttempts, tasks, openTests, overdue] = await Promise.all([
          loadFirstAttempts(taskIds),
          academy.taskNames(taskIds),
          deps.openTestsAt(student),
          deps.overdueTodosOf(child.id),
        ]);
        const { attempts } = buildStudentDashboard({ studentId: child.id, mine, firstAttempts, tasks });
        out.push({
          studentId: child.id,
          displayName: child.displayName,
          lastTest: attempts[attempts.length - 1] ?? null,
          trend: attempts.slice(-TREND_LENGTH).map((a) => a.percentage),
          upcomingTests: openTests.map((w) => ({ taskId: w.taskId, taskName: w.taskName, courseName: w.courseName, opensAt: w.opensAt, closesAt: w.closesAt })),
          overdueTodos: overdue.map((todo) => ({ id: todo.id, title: todo.title, dueDate: todo.dueDate })),
        });
      }
      return { children: out };
    },

    /** The report page: how to read it and the student's submitted attempts, newest first. */
    async report(actor: Actor, body: z.output<typeof ReportBodySchema>): Promise<ReportResult> {
      const attempts = await exam.listSubmittedAttempts(actor.userId, { courseId: body.courseID, taskId: body.taskID });
      const tasks = await academy.taskNames(attempts.map((a) => a.taskId));
      return {
        instructionData: REPORT_PAGE_TEXT,
        attempts: attempts.map((a) => exam.resultOf(a, tasks.get(a.taskId) ?? { name: '', scoreVisible: false })),
      };
    },

    /** Every report type of a submitted attempt, for its student, a linked parent or staff in scope (reports.policy.ts). */
    async feedbackReport(actor: Actor, query: z.output<typeof FeedbackReportQuerySchema>): Promise<FeedbackReport> {
      const attempt = await exam.anyAttempt(query.attemptId);
      const student = (await deps.scopesOf([attempt.userId])).get(attempt.userId);
      const allowed = student !== undefined && canViewReport(actor, { student });
      // Someone else's attempt, or one of another task, is "not found", never "forbidden".
      if (!allowed || attempt.taskId !== query.taskId || attempt.courseId !== query.courseId) throw notFound();
      const current = await exam.currentAttempt(attempt);
      if (current.status !== 'submitted') throw new AppError(EXAM_ERRORS.EXAM_NOT_SUBMITTED);
      // The questions and keys as this attempt was served and scored (or last regraded).
      const bundle = await exam.loadAttemptBundle(current);
      const [answers, firstAttempts, classAccuracy, { keysWithheld, answersHidden }] = await Promise.all([
        exam.listAnswers(current.id),
        exam.firstAttemptScores(current.taskId),
        exam.classAccuracy(current.taskId),
        keyRules(actor, bundle, student),
      ]);
      return buildFeedbackReport({ attempt: current, bundle, answers, firstAttempts, classAccuracy, keysWithheld, answersHidden });
    },

    /**
     * Whether the feedback report of this attempt would show the question's key to the actor: the
     * attempt is submitted and neither rule of `keyRules` holds it back. The office solution file
     * asks this, so that it is never shown where the report withholds the key.
     */
    async keyShown(actor: Actor, attemptId: string, questionId: number): Promise<boolean> {
      const attempt = await exam.currentAttempt(await exam.anyAttempt(attemptId));
      if (attempt.status !== 'submitted') return false;
      const student = (await deps.scopesOf([attempt.userId])).get(attempt.userId);
      if (!student || !canViewReport(actor, { student })) return false;
      const { keysWithheld, answersHidden } = await keyRules(actor, await exam.loadAttemptBundle(attempt), student);
      return !answersHidden && !keysWithheld.has(questionId);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
