import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { reportsEndpoints } from './reports.endpoints.js';
import {
  FeedbackReportQuerySchema,
  FeedbackReportSchema,
  ReportBodySchema,
  ReportResultSchema,
} from './reports.schemas.js';

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
};
