import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export type RunCaseJson = { input: string; expected: string | null };

/**
 * Code runs. The table is also the runner's queue: a row waits with status 'PE' until a worker
 * claims it (claimed_by, claimed_at) and writes the verdict and result. A claim whose worker
 * died is taken over once it is older than the lease; attempts caps how often that happens.
 * cases holds the inputs and expected outputs as they were when the run was queued (for a
 * submission, the hidden cases): they never leave the server.
 */
export const runs = pgTable(
  'runs',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The acting user's role when queued, for recording a submission's answer. */
    userRole: text('user_role').notNull(),
    taskId: integer('task_id').notNull(),
    questionId: integer('question_id').notNull(),
    testSessionId: text('test_session_id'),
    type: text('type').notNull(),
    language: text('language').notNull(),
    sourceCode: text('source_code').notNull(),
    isCustomInput: integer('is_custom_input').notNull().default(0),
    cases: jsonb('cases').$type<RunCaseJson[]>().notNull(),
    timeLimitMs: integer('time_limit_ms').notNull(),
    memoryLimitMb: integer('memory_limit_mb').notNull(),
    /** A submission's view of its hidden cases, from the question when queued: 'total' or 'perCase'. */
    hiddenCaseResults: text('hidden_case_results').notNull().default('total'),
    status: text('status').notNull().default('PE'),
    result: jsonb('result'),
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('runs_status_idx').on(t.status, t.createdAt), index('runs_user_status_idx').on(t.userId, t.status)],
);
