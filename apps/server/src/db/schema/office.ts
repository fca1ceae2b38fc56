import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { examAttempts } from './exam.js';

/**
 * An office question's working copy in one attempt: the stamped copy of the start file, then
 * each save (upload, built-in editor, document server). Its bytes live in the file store under
 * storeKey; the id is the opaque `path` the player sends back.
 */
export const officeFiles = pgTable(
  'office_files',
  {
    id: text('id').primaryKey(),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull(),
    questionId: integer('question_id').notNull(),
    /** xlsx | docx | pptx */
    kind: text('kind').notNull(),
    storeKey: text('store_key').notNull(),
    size: integer('size').notNull(),
    /** 1 for the start copy, +1 per save; the document server's key includes it. */
    version: integer('version').notNull().default(1),
    /** start | upload | editor | documentServer */
    origin: text('origin').notNull().default('start'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('office_files_attempt_question_idx').on(t.attemptId, t.questionId), index('office_files_user_idx').on(t.userId)],
);

/**
 * One evaluation of a working copy (runOffice): queued as an `office-evaluation` job, PE until
 * the job writes its outcome. result holds the whole evaluation (each check) for staff; the
 * student reads {percentage, unmatched}.
 */
export const officeRuns = pgTable(
  'office_runs',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userRole: text('user_role').notNull(),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull(),
    questionId: integer('question_id').notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => officeFiles.id, { onDelete: 'cascade' }),
    fileVersion: integer('file_version').notNull(),
    kind: text('kind').notNull(),
    /** PE | EV | FE | TLE | IE */
    status: text('status').notNull().default('PE'),
    result: jsonb('result'),
    message: text('message'),
    recorded: boolean('recorded').notNull().default(false),
    jobId: text('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('office_runs_user_status_idx').on(t.userId, t.status), index('office_runs_attempt_idx').on(t.attemptId)],
);
