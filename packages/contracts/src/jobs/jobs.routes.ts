import { defineRoute } from '../common/route.js';
import { CancelJobBodySchema, JobListSchema, JobQuerySchema, JobSchema, ListJobsQuerySchema } from './jobs.schemas.js';

/**
 * Tracked background jobs (imports, report builds, evaluations): a screen polls `get` to show
 * progress. A caller sees only the jobs they asked for; any other id answers 404.
 */
export const jobsRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/jobs/v1/get',
    access: 'user',
    summary: 'One of your jobs: state, progress, kept item errors and result',
    query: JobQuerySchema,
    response: JobSchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/jobs/v1/list',
    access: 'user',
    summary: 'Your jobs, newest first',
    query: ListJobsQuerySchema,
    response: JobListSchema,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/jobs/v1/cancel',
    access: 'user',
    summary: 'Cancel one of your jobs: a queued job stops at once, a running one at its next check',
    body: CancelJobBodySchema,
    response: JobSchema,
  }),
};
