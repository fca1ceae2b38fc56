import {
  FINISHED_JOB_STATES,
  JOB_ERRORS_SHOWN_MAX,
  JOBS_ERRORS,
  type Job,
  type JobList,
  type JobState,
  type JobSummary,
  type ListJobsQuery,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { canCancelJob, canViewJob } from './jobs.policy.js';
import { createJobQueue, type JobQueueOptions } from './jobs.queue.js';
import type { JobRow, JobsRepository } from './jobs.repository.js';

export interface JobsServiceDeps extends Omit<JobQueueOptions, 'repo' | 'clock'> {
  repo: JobsRepository;
  clock: Clock;
}

/**
 * Tracked background jobs. Other modules use `queue` (enqueue, registerHandler); the status
 * calls read a job for the user who asked for it.
 */
export function createJobsService(deps: JobsServiceDeps) {
  const { repo } = deps;
  const queue = createJobQueue(deps);

  async function visibleJob(actor: Actor, id: string): Promise<JobRow> {
    const row = await repo.get(id);
    if (!row || !canViewJob(actor, row)) throw new AppError(JOBS_ERRORS.JOBS_NOT_FOUND);
    return row;
  }

  async function toJob(row: JobRow): Promise<Job> {
    const errors = row.errorCount > 0 ? await repo.listErrors(row.id, JOB_ERRORS_SHOWN_MAX) : [];
    return { ...toSummary(row), errors, result: row.state === 'succeeded' ? (row.result ?? null) : null };
  }

  return {
    queue,

    async get(actor: Actor, query: { id: string }): Promise<Job> {
      return toJob(await visibleJob(actor, query.id));
    },

    async list(actor: Actor, query: ListJobsQuery): Promise<JobList> {
      const { rows, total } = await repo.listRequestedBy(actor.userId, query);
      return { items: rows.map(toSummary), total };
    },

    async cancel(actor: Actor, body: { id: string }): Promise<Job> {
      const row = await visibleJob(actor, body.id);
      if (!canCancelJob(actor, row)) throw new AppError(JOBS_ERRORS.JOBS_NOT_FOUND);
      if (FINISHED_JOB_STATES.includes(row.state as JobState)) throw new AppError(JOBS_ERRORS.JOBS_ALREADY_FINISHED);
      const updated = await queue.cancel(row.id);
      // It finished between the read and the cancel.
      if (!updated) throw new AppError(JOBS_ERRORS.JOBS_ALREADY_FINISHED);
      return toJob(updated);
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;

function toSummary(row: JobRow): JobSummary {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state as JobState,
    progress: { done: row.progressDone, total: row.progressTotal },
    errorCount: row.errorCount,
    failure: row.failure,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    cancelRequested: row.cancelRequested,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
