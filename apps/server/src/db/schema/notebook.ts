import { date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
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
    /**
     * When the card is next due: when it was made until its first grade, then its schedule's due
     * (written with the schedule). Kept here so the day's queue is one index range (decision 071).
     */
    due: timestamp('due', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notebook_cards_attempt_question_idx').on(t.attemptId, t.questionTaskMapId),
    index('notebook_cards_user_idx').on(t.userId, t.createdAt),
    index('notebook_cards_user_due_idx').on(t.userId, t.due, t.id),
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

/**
 * A card's FSRS state (ts-fsrs's Card, decision 061). A card without a row is new and due from
 * when it was made; the first grade writes the row.
 */
export const notebookSchedules = pgTable(
  'notebook_schedules',
  {
    cardId: integer('card_id')
      .primaryKey()
      .references(() => notebookCards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
  },
  (t) => [index('notebook_schedules_user_due_idx').on(t.userId, t.due)],
);

/** Each review: the answer given (scored by the question's kind), the time taken, then the grade. */
export const notebookReviews = pgTable(
  'notebook_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cardId: integer('card_id')
      .notNull()
      .references(() => notebookCards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answerId: jsonb('answer_id'),
    answerData: jsonb('answer_data'),
    /** correct | wrong | partial | unanswered */
    status: text('status').notNull(),
    timeSpentSeconds: integer('time_spent_seconds').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    /** again | hard | good | easy; null until graded. */
    rating: text('rating'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    /** The due date the grade gave the card. */
    dueAfter: timestamp('due_after', { withTimezone: true }),
    /** The browser's id of the answer (kept while offline, sent again until acknowledged): one review per id. */
    clientId: uuid('client_id'),
  },
  (t) => [
    index('notebook_reviews_user_idx').on(t.userId, t.answeredAt),
    index('notebook_reviews_card_idx').on(t.cardId),
    uniqueIndex('notebook_reviews_client_idx').on(t.userId, t.clientId),
  ],
);

/** The student's minutes of review a day; the default when absent. */
export const notebookReviewSettings = pgTable('notebook_review_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  minutesPerDay: integer('minutes_per_day').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A student's weekly re-test (decision 081): a timed test of their own (a task owned by them) made
 * from their due cards, one a week. Once its attempt is submitted, each card is graded from its
 * question's result (`gradedAt`), once.
 */
export const notebookRetests = pgTable(
  'notebook_retests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Monday (India calendar) of the week it belongs to. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    /** Which card each placed question re-tests. */
    items: jsonb('items').$type<{ cardId: number; questionTaskMapId: number }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notebook_retests_user_week_idx').on(t.userId, t.weekStart),
    uniqueIndex('notebook_retests_task_idx').on(t.taskId),
  ],
);
