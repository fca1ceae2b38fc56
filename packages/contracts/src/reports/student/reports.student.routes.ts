import { STUDENT_ROLES } from '../../common/roles.js';
import { defineRoute } from '../../common/route.js';
import { reportsEndpoints } from './reports.student.endpoints.js';
import {
  ActivityQuerySchema,
  ActivitySchema,
  FeedbackReportQuerySchema,
  FeedbackReportSchema,
  ReportBodySchema,
  ParentHomeSchema,
  ReportResultSchema,
} from './reports.student.schemas.js';
import { StudentDashboardQuerySchema, StudentDashboardSchema } from '../shared/reports.dashboard.schemas.js';

/** The report page and the feedback report of a submitted attempt. */
export const reportsRoutes = {
  report: defineRoute({
    ...reportsEndpoints.report,
    access: STUDENT_ROLES,
    summary: 'The report page: how to read it and the student’s submitted attempts',
    body: ReportBodySchema,
    response: ReportResultSchema,
  }),
  feedbackReport: defineRoute({
    ...reportsEndpoints.feedbackReport,
    access: 'user',
    summary: 'Feedback report of a submitted attempt (owner or staff)',
    query: FeedbackReportQuerySchema,
    response: FeedbackReportSchema,
  }),
  studentDashboard: defineRoute({
    ...reportsEndpoints.studentDashboard,
    // The student, a linked parent, staff in scope with reports.view (reports.policy.ts).
    access: 'user',
    summary: 'A student’s analytics across submitted attempts: trends, subjects, topics, time, quality, negative marking',
    query: StudentDashboardQuerySchema,
    response: StudentDashboardSchema,
  }),
  parentHome: defineRoute({
    ...reportsEndpoints.parentHome,
    // Only the parent's own linked children are listed; parents hold no staff permissions.
    access: ['Parent'],
    summary: 'Each linked child at a glance: last test, trend, upcoming scheduled tests, overdue to-dos',
    response: ParentHomeSchema,
  }),
  activity: defineRoute({
    ...reportsEndpoints.activity,
    // The student, a linked parent, staff in scope with reports.view (reports.policy.ts).
    access: 'user',
    summary: 'Tests taken and study time (course tracking), by day',
    query: ActivityQuerySchema,
    response: ActivitySchema,
  }),
};
