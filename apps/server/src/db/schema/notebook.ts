import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { tasks, taskQuestions } from './academy.js';
import { examAttempts } from './exam.js';

/**
 * The mistake notebook: one card per question of a submitted attempt that the student got wrong,
 * guessed, marked for review or kept (issue 35). Cards are made lazily when the notebook is read
 * (decision 056); what the card shows of the question comes from the attempt's feedback report.
 */
export const notebookCards = pgTable(
  'notebook_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    questionTaskMapId: integer('question_task_map_id')
      .notNull()
      .references(() => taskQuestions.id, { onDelete: 'cascade' }),
    /** The test section the question was asked in. */
    subject: text('subject').notNull(),
    topics: jsonb('topics').$type<string[]>().notNull().default([]),
    /** wrong | guessed | marked | bookmarked */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    suggestedErrorType: text('suggested_error_type').notNull(),
    /** The student's own choice; null until they choose. */
    errorType: text('error_type'),
    note: text('note').notNull().default(''),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    classMedianSeconds: doublePrecision('class_median_seconds'),
    answerChanges: integer('answer_changes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notebook_cards_attempt_question_idx').on(t.attemptId, t.questionTaskMapId),
    index('notebook_cards_user_idx').on(t.userId, t.createdAt),
  ],
);

/** The submitted attempts whose cards have been made: each is read once. */
export const notebookBuilds = pgTable(
  'notebook_builds',
  {
    attemptId: text('attempt_id')
      .primaryKey()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notebook_builds_user_idx').on(t.userId)],
);
