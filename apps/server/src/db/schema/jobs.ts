import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Background jobs (imports, report builds, evaluations). The table is the queue: a worker claims
 * a queued row whose run_after has come (or a running row whose lease has expired: its worker
 * died) with FOR UPDATE SKIP LOCKED, renews the lease while it works, and writes the outcome.
 * A failed attempt goes back to queued with a later run_after until max_attempts is reached.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** queued | running | succeeded | failed | cancelled */
    state: text('state').notNull().default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    /** Item errors recorded by the current attempt (kept in job_item_errors). */
    errorCount: integer('error_count').notNull().default(0),
    result: jsonb('result'),
    /** Why the last attempt failed; shown to the requester. */
    failure: text('failure'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull(),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** Who asked; null for the system's own jobs. Their institute scopes who else may read it. */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'cascade' }),
    instituteId: integer('institute_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.state, t.runAfter),
    index('jobs_requested_by_idx').on(t.requestedBy, t.createdAt),
  ],
);

/** The item errors of a job's latest attempt ("row 12: the e-mail is not valid"), in order. */
export const jobItemErrors = pgTable(
  'job_item_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    item: text('item').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('job_item_errors_job_idx').on(t.jobId, t.id)],
);
