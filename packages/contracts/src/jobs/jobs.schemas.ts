import { z } from 'zod';
import { msg } from '../common/validation.js';

/** A job's life: queued → running → succeeded | failed | cancelled (a retry goes back to queued). */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const JobStateSchema = z.enum(JOB_STATES);
export type JobState = z.output<typeof JobStateSchema>;
export const FINISHED_JOB_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];

/** Item errors a status call returns at most (the count covers all that were kept). */
export const JOB_ERRORS_SHOWN_MAX = 200;
export const JOB_LIST_MAX = 100;

export const JobIdSchema = z.uuid(msg('badRequest'));

export const JobQuerySchema = z.object({ id: JobIdSchema });
export type JobQuery = z.output<typeof JobQuerySchema>;

export const CancelJobBodySchema = z.object({ id: JobIdSchema });
export type CancelJobBody = z.output<typeof CancelJobBodySchema>;

export const ListJobsQuerySchema = z.object({
  kind: z.string().min(1).max(64).optional(),
  state: JobStateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(JOB_LIST_MAX).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ListJobsQuery = z.output<typeof ListJobsQuerySchema>;

export const JobProgressSchema = z.object({
  done: z.number().int(),
  /** Null until the handler knows how many items there are. */
  total: z.number().int().nullable(),
});

export const JobItemErrorSchema = z.object({
  /** Which row or item failed, as the handler names it (e.g. "row 12"). */
  item: z.string(),
  message: z.string(),
});
export type JobItemError = z.output<typeof JobItemErrorSchema>;

/** One job as a list shows it. Times are ISO 8601. */
export const JobSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: JobStateSchema,
  progress: JobProgressSchema,
  errorCount: z.number().int(),
  /** Why the job failed (the last attempt's message); null otherwise. */
  failure: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  cancelRequested: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobSummary = z.output<typeof JobSummarySchema>;

/** One job with its kept item errors (the first JOB_ERRORS_SHOWN_MAX) and its result. */
export const JobSchema = JobSummarySchema.extend({
  errors: z.array(JobItemErrorSchema),
  /** What the handler returned once it succeeded (shape per kind); null before. */
  result: z.unknown().nullable(),
});
export type Job = z.output<typeof JobSchema>;

export const JobListSchema = z.object({
  items: z.array(JobSummarySchema),
  total: z.number().int(),
});
export type JobList = z.output<typeof JobListSchema>;
