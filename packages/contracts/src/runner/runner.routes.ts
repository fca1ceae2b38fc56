import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import {
  RunDetailsQuerySchema,
  RunDetailsSchema,
  RunnerHealthSchema,
  StartRunBodySchema,
  StartRunResultSchema,
} from './runner.schemas.js';

export const runnerRoutes = {
  run: defineRoute({
    method: 'POST',
    path: '/task/v1/run',
    access: STUDENT_ROLES,
    summary: 'Queue a program: run on sample cases or custom input, or submit against the hidden cases',
    body: StartRunBodySchema,
    response: StartRunResultSchema,
  }),
  getRunDetails: defineRoute({
    method: 'GET',
    path: '/task/v1/getRunDetails',
    access: STUDENT_ROLES,
    summary: 'Status of one of your runs: PE while pending, then the verdict per test case',
    query: RunDetailsQuerySchema,
    response: RunDetailsSchema,
  }),
  health: defineRoute({
    method: 'GET',
    path: '/runner/v1/health',
    access: 'public',
    summary: 'Whether the code runner can take runs, and why not',
    response: RunnerHealthSchema,
  }),
};
