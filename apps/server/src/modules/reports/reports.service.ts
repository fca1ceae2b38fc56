import { EXAM_ERRORS, type FeedbackReport, type FeedbackReportQuerySchema, type ReportBodySchema, type ReportResult } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { StudentScope } from '../../lib/policy.js';
import type { ExamContent } from '../academy/academy.exam-content.js';
import type { ExamService } from '../exam/exam.service.js';
import { buildFeedbackReport } from './reports.feedback.js';
import { canViewReport } from './reports.policy.js';

export interface ReportsServiceDeps {
  exam: Pick<ExamService, 'anyAttempt' | 'currentAttempt' | 'listAnswers' | 'listSubmittedAttempts' | 'taskScores' | 'classAccuracy' | 'resultOf' | 'loadAttemptBundle'>;
  academy: Pick<ExamContent, 'taskNames' | 'questionsInOpenGradedTests'>;
  /** Where students belong (the auth service knows accounts), for the policies. */
  scopesOf: (userIds: number[]) => Promise<Map<number, StudentScope>>;
}

const REPORT_PAGE_TEXT =
  'Your feedback report shows marks per section, accuracy per topic, time spent on each question, your rank and percentile among everyone who took the test, and the correct answers with explanations.';

/** Reports: the report page and the feedback report of a submitted attempt (dashboards join later). */
export function createReportsService(deps: ReportsServiceDeps) {
  const { exam, academy } = deps;
  const notFound = () => new AppError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);

  return {
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
      const isPractice = bundle.task.testType === 'practice';
      const [answers, taskScores, classAccuracy, keysWithheld] = await Promise.all([
        exam.listAnswers(current.id),
        exam.taskScores(current.taskId),
        exam.classAccuracy(current.taskId),
        // A practice report withholds the keys of questions an open graded test also holds.
        isPractice ? academy.questionsInOpenGradedTests(bundle.maps.map((m) => m.question.id)) : Promise.resolve(new Set<number>()),
      ]);
      return buildFeedbackReport({ attempt: current, bundle, answers, taskScores, classAccuracy, keysWithheld });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
