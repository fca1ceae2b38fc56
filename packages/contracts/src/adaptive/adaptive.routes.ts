import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import {
  AdaptiveAnswerBodySchema,
  AdaptiveOverviewSchema,
  AdaptiveSessionQuerySchema,
  AdaptiveSessionSchema,
  StartAdaptiveBodySchema,
} from './adaptive.schemas.js';

/**
 * Adaptive "where am I" practice (decision 060): a student starts a test for a subject or the
 * whole syllabus; the server picks each next item and keeps the key until the answer is recorded.
 * Another user's session answers 404.
 */
export const adaptiveRoutes = {
  overview: defineRoute({
    method: 'GET',
    path: '/adaptive/v1/overview',
    access: STUDENT_ROLES,
    summary: 'The subjects a student may test adaptively and their own sessions',
    response: AdaptiveOverviewSchema,
  }),
  start: defineRoute({
    method: 'POST',
    path: '/adaptive/v1/start',
    access: STUDENT_ROLES,
    summary: 'Start an adaptive test of a subject or of the whole syllabus',
    body: StartAdaptiveBodySchema,
    response: AdaptiveSessionSchema,
  }),
  session: defineRoute({
    method: 'GET',
    path: '/adaptive/v1/session',
    access: STUDENT_ROLES,
    summary: 'One of the student’s adaptive tests: the current item, or the result',
    query: AdaptiveSessionQuerySchema,
    response: AdaptiveSessionSchema,
  }),
  answer: defineRoute({
    method: 'POST',
    path: '/adaptive/v1/answer',
    access: STUDENT_ROLES,
    summary: 'Record the answer to the current item; the next item or the result',
    body: AdaptiveAnswerBodySchema,
    response: AdaptiveSessionSchema,
  }),
};
