import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { tasks, taskQuestions } from './academy.js';
import { examAttempts } from './exam.js';
import { questions } from './question-bank.js';

/**
 * Answer-key challenges, key decisions and question threads (issue 35, decision 067). A thread is
 * the posts of one institute about one question of one test; a student's challenge names the
 * attempt it was served in. Nothing here is a score: a decision changes scores through a regrade.
 */
export const keyDecisions = pgTable(
  'key_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: text('client_id').notNull(),
    instituteId: integer('institute_id'),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    questionTaskMapId: integer('question_task_map_id')
      .notNull()
      .references(() => taskQuestions.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** keep | change | acceptSeveral | bonus | drop */
    decision: text('decision').notNull(),
    note: text('note').notNull(),
    /** The question's version after the decision (the one regraded to). */
    toVersion: integer('to_version').notNull(),
    /** The regrade that applied it (question_regrades.id); null for keep or when nothing was re-scored. */
    regradeId: integer('regrade_id'),
    attemptsRegraded: integer('attempts_regraded').notNull().default(0),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('key_decisions_task_idx').on(t.taskId, t.questionTaskMapId)],
);

export const keyChallenges = pgTable(
  'key_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: text('client_id').notNull(),
    instituteId: integer('institute_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    questionTaskMapId: integer('question_task_map_id')
      .notNull()
      .references(() => taskQuestions.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    /** The version the attempt was served. */
    versionId: integer('version_id').notNull(),
    reason: text('reason').notNull(),
    /** The picture sent with it, in the file store (PNG, JPEG or WebP, checked by content); null when none. */
    imageKey: text('image_key'),
    imageType: text('image_type'),
    /** open, or the decision that closed it */
    status: text('status').notNull().default('open'),
    decisionId: integer('decision_id').references(() => keyDecisions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One open challenge per student per question of a test.
    uniqueIndex('key_challenges_open_idx').on(t.userId, t.taskId, t.questionTaskMapId).where(sql`status = 'open'`),
    index('key_challenges_task_idx').on(t.taskId, t.questionTaskMapId),
  ],
);

export const questionPosts = pgTable(
  'question_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: text('client_id').notNull(),
    /** The thread's institute: a student's, or the staff member's. */
    instituteId: integer('institute_id'),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    questionTaskMapId: integer('question_task_map_id')
      .notNull()
      .references(() => taskQuestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isStaff: boolean('is_staff').notNull().default(false),
    language: text('language').notNull(),
    text: text('text').notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('question_posts_thread_idx').on(t.taskId, t.questionTaskMapId, t.instituteId, t.createdAt)],
);
