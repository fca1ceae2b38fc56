import { STAFF_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { TestResultSchema } from '../exam/exam.schemas.js';
import { gradingEndpoints } from './grading.endpoints.js';
import {
  ListPendingEvaluationsQuerySchema,
  ListPendingEvaluationsResultSchema,
  MarkAnswerBodySchema,
  RevealCandidateBodySchema,
  RevealCandidateResultSchema,
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
    summary: 'Staff: mark (or mark again) a comprehensive answer, with a comment; the attempt’s score is updated',
    body: MarkAnswerBodySchema,
    response: TestResultSchema,
  }),
  revealCandidate: defineRoute({
    ...gradingEndpoints.revealCandidate,
    access: STAFF_ROLES,
    permission: 'grading.viewPending',
    summary: 'Staff: the student behind an anonymised answer (recorded in the audit log)',
    body: RevealCandidateBodySchema,
    response: RevealCandidateResultSchema,
  }),
};
