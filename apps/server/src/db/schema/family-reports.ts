import { boolean, date, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * A parent's weekly digest e-mail: whether it is wanted (on unless turned off) and the random
 * secret of the unsubscribe link the mails carry (it can only turn the digest off).
 */
export const parentDigestSettings = pgTable(
  'parent_digest_settings',
  {
    parentUserId: integer('parent_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    weeklyDigest: boolean('weekly_digest').notNull().default(true),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('parent_digest_settings_token_idx').on(t.unsubscribeToken)],
);

/**
 * One row per parent and week whose digest was claimed for sending: the row is written before the
 * mail goes, so a restart or a second process never sends the same week twice.
 */
export const parentDigestSends = pgTable(
  'parent_digest_sends',
  {
    parentUserId: integer('parent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Monday of the week the digest covers (India calendar). */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.parentUserId, t.weekStart] })],
);

/**
 * Per student and course: how many first attempts they have (with attempt_summaries' figures).
 * Kept by a trigger on attempt_summaries (migration 0018, decision 034) so that the institution
 * report counts participants without reading every summary.
 */
export const studentCourseTotals = pgTable(
  'student_course_totals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** Per student, course and subject (test section): graded questions and correct answers over first attempts (same trigger). */
export const studentSubjectTotals = pgTable(
  'student_subject_totals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    subject: text('subject').notNull(),
    questions: integer('questions').notNull().default(0),
    correct: integer('correct').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.subject] })],
);
