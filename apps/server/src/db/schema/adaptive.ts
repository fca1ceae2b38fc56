import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.js';
import { topics } from './academy-core.js';
import { questionVersions } from './question-bank.js';

/** The result kept when an adaptive session finishes (the contract's AdaptiveResult without topic names). */
export interface AdaptiveStoredResult {
  low: number;
  score: number;
  high: number;
  topics: { topicId: number; marks: number }[];
}

/**
 * A student's adaptive "where am I" test (decision 060) for one subject (a top-level topic) or,
 * when subject_topic_id is null, the whole syllabus. The server keeps the item being asked
 * (current_version_id) and the running estimate, so a reload or a second device continues it.
 */
export const adaptiveSessions = pgTable(
  'adaptive_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectTopicId: integer('subject_topic_id').references(() => topics.id, { onDelete: 'set null' }),
    /** active | finished */
    status: text('status').notNull().default('active'),
    /** Some items of the pool were given parameters from their difficulty label (too few calibrated). */
    usesPrior: boolean('uses_prior').notNull(),
    theta: doublePrecision('theta').notNull().default(0),
    se: doublePrecision('se').notNull().default(1),
    /** The item being asked; null once finished. */
    currentVersionId: integer('current_version_id').references(() => questionVersions.id, { onDelete: 'set null' }),
    result: jsonb('result').$type<AdaptiveStoredResult | null>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('adaptive_sessions_user_idx').on(t.userId, t.startedAt), check('adaptive_sessions_status_check', sql`${t.status} in ('active', 'finished')`)],
);

/** One answered item of an adaptive session, with the parameters it was scored with. */
export const adaptiveAnswers = pgTable(
  'adaptive_answers',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => adaptiveSessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionVersionId: integer('question_version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'cascade' }),
    subjectTopicId: integer('subject_topic_id').notNull(),
    topicId: integer('topic_id').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    discrimination: doublePrecision('discrimination').notNull(),
    /** The item's 3PL guessing parameter when it was served with one (decision 077). */
    guessing: doublePrecision('guessing'),
    answerId: integer('answer_id').notNull(),
    isCorrect: boolean('is_correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.position] })],
);
