import { STAFF_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { TestResultSchema } from '../exam/exam.schemas.js';
import { gradingEndpoints } from './grading.endpoints.js';
import {
  ListPendingEvaluationsQuerySchema,
  ListPendingEvaluationsResultSchema,
  MarkAnswerBodySchema,
} from './grading.schemas.js';

/** Staff: the marking queue and a mark for a written answer. */
export const gradingRoutes = {
  listPendingEvaluations: defineRoute({
    ...gradingEndpoints.listPendingEvaluations,
    access: STAFF_ROLES,
    permission: 'grading.viewPending',
    summary: 'Staff: comprehensive answers waiting for a mark',
    query: ListPendingEvaluationsQuerySchema,
    response: ListPendingEvaluationsResultSchema,
  }),
  markAnswer: defineRoute({
    ...gradingEndpoints.markAnswer,
    access: STAFF_ROLES,
    permission: 'grading.mark',
    summary: 'Staff: mark a comprehensive answer; the attempt’s score is updated',
    body: MarkAnswerBodySchema,
    response: TestResultSchema,
  }),
};
