import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.js';
import { tasks } from './academy.js';
import { examAttempts } from './exam.js';

/** Counts and marks of one slice of an attempt: a section, a topic. */
export interface SummaryFigures {
  name: string;
  questions: number;
  correct: number;
  partial: number;
  wrong: number;
  skipped: number;
  pending: number;
  scored: number;
  total: number;
  negativeMarksLost: number;
  /** Seconds on its questions. */
  timeSpent: number;
}

export interface SummaryTopic extends SummaryFigures {
  /** The section (subject) the topic was asked in. */
  section: string;
}

/** One question as this attempt answered it: enough for time and quality analyses. */
export interface SummaryQuestion {
  mapId: number;
  section: string;
  /**
   * The question's subject (the top of its topic tree); absent in summaries written before it was
   * kept, and for questions whose topics have no parent (their section stands in, see subjectOf).
   */
  subject?: string;
  topics: string[];
  status: string;
  marks: number;
  negativeMarks: number;
  marksAwarded: number;
  timeSpent: number;
  /**
   * Only when the answer was changed after it was first given (auto-scored questions): how many
   * times, and how the first answer would have scored (correct, partial or wrong).
   */
  changes?: number;
  firstStatus?: string;
}

/** One placed question as every attempt of a layout was served it: where it counts and its marks. */
export type SummaryLayoutQuestion = Pick<SummaryQuestion, 'mapId' | 'section' | 'subject' | 'topics' | 'marks' | 'negativeMarks'>;

/**
 * The questions of a test as its summaries count them (section, subject, topics, marks, negative
 * marks), in the order of the summaries' item arrays: written once per test content and shared by
 * its attempts' summaries (decision 097). Never changed: a question whose topics or marks change
 * makes a layout of its own, and the summaries written before keep the one they were written with.
 */
export const summaryLayouts = pgTable(
  'summary_layouts',
  {
    /** A digest of the task and its questions (summaryLayoutOf): the same test content, the same key. */
    key: text('key').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').$type<SummaryLayoutQuestion[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('summary_layouts_task_idx').on(t.taskId)],
);

/** Questions marked (all but those pending) and answered correctly under one subject of an attempt. */
export interface SummarySubject {
  /** The question's subject, else the section it was asked in (reports.summary.ts subjectOf). */
  name: string;
  questions: number;
  correct: number;
}

/**
 * What a submitted attempt scored, written whenever it is scored (submit, timeout, a teacher's
 * mark, a regrade), so dashboards read one row per attempt instead of its answers.
 */
export const attemptSummaries = pgTable(
  'attempt_summaries',
  {
    attemptId: text('attempt_id')
      .primaryKey()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    testType: text('test_type').notNull(),
    /** The student's first attempt of the task: the only one that ranks. */
    isFirstAttempt: boolean('is_first_attempt').notNull(),
    scored: doublePrecision('scored').notNull(),
    total: doublePrecision('total').notNull(),
    correct: integer('correct').notNull(),
    partial: integer('partial').notNull(),
    wrong: integer('wrong').notNull(),
    skipped: integer('skipped').notNull(),
    pending: integer('pending').notNull(),
    negativeMarksLost: doublePrecision('negative_marks_lost').notNull(),
    /** Seconds from start to submit. */
    timeSpent: integer('time_spent').notNull(),
    sections: jsonb('sections').$type<SummaryFigures[]>().notNull(),
    /** The test's questions as this attempt was served them (summary_layouts): the items' section, subject, topics and marks. */
    layoutKey: text('layout_key')
      .notNull()
      .references(() => summaryLayouts.key, { onDelete: 'cascade' }),
    /**
     * The questions' counts by subject, in the order the subjects first appear (what the first
     * attempts' subject totals add up, decision 079): a regrade moves one subject's figures here
     * instead of the totals' trigger reading all the questions again.
     */
    subjects: jsonb('subjects').$type<SummarySubject[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The same questions as plain arrays in the same order (item statistics read thousands of
     * attempts at once): questionTaskMapIDs, marks awarded, one status letter each (c correct,
     * p partial, w wrong, u unanswered, e pending evaluation) and the option chosen (0: none, or
     * not a single option).
     */
    itemMapIds: integer('item_map_ids').array().notNull().default(sql`'{}'::integer[]`),
    itemMarks: doublePrecision('item_marks').array().notNull().default(sql`'{}'::double precision[]`),
    itemStatuses: text('item_statuses').notNull().default(''),
    itemChoices: integer('item_choices').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Per item as well: seconds spent, how many times the answer was changed after it was first
     * given (auto-scored questions), and how that first answer scored, one letter each as in
     * item_statuses ('-' where it never changed). With the layout they make the questions whole
     * (reports.summary.ts questionsOf).
     */
    itemTimes: integer('item_times').array().notNull().default(sql`'{}'::integer[]`),
    itemChanges: integer('item_changes').array().notNull().default(sql`'{}'::integer[]`),
    itemFirstStatuses: text('item_first_statuses').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_summaries_user_idx').on(t.userId, t.submittedAt), index('attempt_summaries_task_idx').on(t.taskId, t.isFirstAttempt)],
);
