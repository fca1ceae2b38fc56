import { doublePrecision, index, integer, jsonb, pgTable, pgView, primaryKey, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { jsonValue } from './json-value.js';
import { sql } from 'drizzle-orm';
import { users } from './auth.js';
import { tasks, taskQuestions } from './academy.js';
import { questions, questionVersions } from './question-bank.js';
import { testSchedules } from './schedules.js';

/** Per-section timing of an attempt; deadlines are server time. */
export interface AttemptSectionState {
  sectionIndex: number;
  startedAt: string | null;
  deadlineAt: string | null;
  completed: boolean;
}

/**
 * A set of question versions served together: the test's own questions at the versions current
 * when attempts started. Every attempt of a wave is served the same set, so an attempt records
 * one reference (exam_attempts.served_set_id) instead of a row per question; its drawn questions,
 * which differ per attempt, stay in attempt_question_versions. A set never changes: a regrade
 * copies an attempt's set into attempt_question_versions first and moves the copy (decision 035).
 */
export const servedSets = pgTable(
  'served_sets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** The task and its (questionTaskMapID, version) pairs, hashed: one row per distinct set. */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('served_sets_key_idx').on(t.key)],
);

export const servedSetVersions = pgTable(
  'served_set_versions',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => servedSets.id, { onDelete: 'cascade' }),
    questionTaskMapId: integer('question_task_map_id').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    questionVersionId: integer('question_version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.setId, t.questionTaskMapId] }), index('served_set_versions_question_idx').on(t.questionId)],
);

/**
 * One attempt (the spec's TestSessionID). The server owns its time: startedAt, deadlineAt and
 * the active section's deadline; RemainingTime is computed from them.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    /** practice | test */
    testType: text('test_type').notNull(),
    /**
     * open | submitted | prepared. A prepared attempt was made ahead of its test window (decision
     * 078): it is no attempt yet for anyone until its start turns it open.
     */
    status: text('status').notNull().default('open'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    /** With section-wise timing: saves go only to this section, before its deadline. */
    activeSectionIndex: integer('active_section_index'),
    activeSectionDeadlineAt: timestamp('active_section_deadline_at', { withTimezone: true }),
    sectionState: jsonb('section_state').$type<AttemptSectionState[]>().notNull().default([]),
    /** questionTaskMapIDs in display order per section (shuffled once, at start). */
    questionOrder: jsonb('question_order').$type<number[][]>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /**
     * When a submit was accepted to be scored in its turn (the closes were queued): from then on
     * no save is taken, the close stamps this time, and a close lost with its process is made by
     * the sweeper or the next read of the attempt (decision 069).
     */
    submitRequestedAt: timestamp('submit_requested_at', { withTimezone: true }),
    /** student | timeout | warnings */
    submitReason: text('submit_reason'),
    scored: doublePrecision('scored'),
    total: doublePrecision('total').notNull().default(0),
    negativeMarksLost: doublePrecision('negative_marks_lost').notNull().default(0),
    pendingEvaluation: boolean('pending_evaluation').notNull().default(false),
    /**
     * Every question's marks, kept once, on the attempt (decision 086): the placed questions in the
     * order they were scored, their marks, and one letter per question for its status
     * (c correct, p partial, w wrong, u unanswered, e pending evaluation). Null until scored.
     */
    itemMapIds: integer('item_map_ids').array(),
    itemMarks: doublePrecision('item_marks').array(),
    itemStatuses: text('item_statuses'),
    tabChangeWarnings: integer('tab_change_warnings').notNull().default(0),
    screenInactive: jsonb('screen_inactive'),
    localState: jsonb('local_state'),
    analyticsId: text('analytics_id'),
    /** The last clock sync or session save the server saw from the player (the live room's "active"). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    languageId: integer('language_id'),
    /** The versions of the test's own questions it was served (null: all recorded per question). */
    servedSetId: integer('served_set_id').references(() => servedSets.id),
    /**
     * The shift the attempt was started in: the test window (test_schedules row) that applied to
     * its student; its id seeds the shift's draws (decision 066). Null: the test is not scheduled.
     */
    shiftId: integer('shift_id').references(() => testSchedules.id, { onDelete: 'set null' }),
    /**
     * A prepared attempt's form: the hash of what its draw and order were made from (the served
     * set's key, the sections, the shuffle and the shift). A start whose test no longer hashes the
     * same does not take it (decision 078). Null on attempts not prepared.
     */
    preparedKey: text('prepared_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open attempt per student and task: a double-clicked Start resumes instead of forking.
    uniqueIndex('exam_attempts_one_open_idx').on(t.userId, t.taskId).where(sql`${t.status} = 'open'`),
    // One prepared attempt per student and task: preparing again writes nothing twice.
    uniqueIndex('exam_attempts_one_prepared_idx').on(t.userId, t.taskId).where(sql`${t.status} = 'prepared'`),
    index('exam_attempts_open_deadline_idx').on(t.deadlineAt).where(sql`${t.status} = 'open'`),
    index('exam_attempts_submit_requested_idx').on(t.submitRequestedAt).where(sql`${t.status} = 'open' AND ${t.submitRequestedAt} IS NOT NULL`),
    index('exam_attempts_task_idx').on(t.taskId, t.status),
    index('exam_attempts_user_idx').on(t.userId, t.status),
    index('exam_attempts_served_set_idx').on(t.servedSetId).where(sql`${t.servedSetId} IS NOT NULL`),
  ],
);

/**
 * The latest answer per (attempt, questionTaskMapID). seq is the client's sequence number:
 * an older seq never overwrites a newer one. marksAwarded/status are filled at submit.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    questionTaskMapId: integer('question_task_map_id')
      .notNull()
      .references(() => taskQuestions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(0),
    answerId: jsonValue('answer_id'),
    answerData: jsonValue('answer_data'),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    isMarked: boolean('is_marked').notNull().default(false),
    /**
     * The first answer saved for the question, as { id, data } (null until the question is
     * first answered), and how many saves changed the answer after that (clearing it counts;
     * re-saving the same answer or replaying a seq does not). Read by attempt summaries.
     */
    firstAnswer: jsonValue('first_answer').$type<{ id: unknown; data: unknown }>(),
    changeCount: integer('change_count').notNull().default(0),
    /** Practice: the key was shown; the answer is locked. */
    isRevealed: boolean('is_revealed').notNull().default(false),
    /** Programming and office questions: the evaluation's score, 0–1. */
    evaluatedFraction: doublePrecision('evaluated_fraction'),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    /** Comprehensive: the teacher's mark. */
    teacherMarks: doublePrecision('teacher_marks'),
    markedBy: integer('marked_by'),
    /** Comprehensive: the marker's comment, shown in the student's feedback report. */
    teacherComment: text('teacher_comment'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionTaskMapId] })],
);

/** A student's report of an error in a question. */
export const questionReports = pgTable('question_reports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  questionTaskMapId: integer('question_task_map_id')
    .notNull()
    .references(() => taskQuestions.id, { onDelete: 'cascade' }),
  attemptId: text('attempt_id'),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The version of each question an attempt was served, recorded when the attempt starts. The
 * player shows that version and scoring reads its key; only an explicit regrade moves it on.
 */
export const attemptQuestionVersions = pgTable(
  'attempt_question_versions',
  {
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    questionTaskMapId: integer('question_task_map_id').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    questionVersionId: integer('question_version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionTaskMapId] }), index('attempt_question_versions_question_idx').on(t.questionId)],
);

/** An explicit regrade: who re-scored which question's attempts to which version, and when. */
export const regrades = pgTable(
  'regrades',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** Only attempts served this version number were regraded; null means every older one. */
    fromVersion: integer('from_version'),
    toVersionId: integer('to_version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'restrict' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('regrades_question_idx').on(t.questionId, t.createdAt)],
);

/** One attempt a regrade re-scored, with its score before and after. */
export const regradeAttempts = pgTable(
  'regrade_attempts',
  {
    regradeId: integer('regrade_id')
      .notNull()
      .references(() => regrades.id, { onDelete: 'cascade' }),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    fromVersionId: integer('from_version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'restrict' }),
    oldScored: doublePrecision('old_scored'),
    newScored: doublePrecision('new_scored'),
  },
  (t) => [primaryKey({ columns: [t.regradeId, t.attemptId] }), index('regrade_attempts_attempt_idx').on(t.attemptId)],
);

// ---------- published reads (decision 094): other modules read attempts through these views ----------

/** Every attempt (open, submitted or prepared): its student, test, status, shift and times. */
export const attemptsTaken = pgView('attempts_taken', {
  attemptId: text('attempt_id').notNull(),
  userId: integer('user_id').notNull(),
  taskId: integer('task_id').notNull(),
  status: text('status').notNull(),
  shiftId: integer('shift_id'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
}).as(sql`SELECT id AS attempt_id, user_id, task_id, status, shift_id, started_at, submitted_at FROM exam_attempts`);

/**
 * Every question a scored attempt holds marks for (decision 086), with the status letter it holds
 * (see db/status-letters.ts) and the answer saved for it, if any.
 */
export const scoredResponses = pgView('scored_responses', {
  attemptId: text('attempt_id').notNull(),
  userId: integer('user_id').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  questionTaskMapId: integer('question_task_map_id').notNull(),
  statusLetter: text('status_letter'),
  answerId: jsonValue('answer_id'),
}).as(sql`SELECT a.id AS attempt_id, a.user_id, a.submitted_at, x.map_id AS question_task_map_id, x.letter AS status_letter, ea.answer_id
  FROM exam_attempts a
  CROSS JOIN LATERAL unnest(a.item_map_ids, string_to_array(a.item_statuses, NULL)) AS x(map_id, letter)
  LEFT JOIN exam_answers ea ON ea.attempt_id = a.id AND ea.question_task_map_id = x.map_id`);

/**
 * The version of each question an attempt was served: its own recorded row, else its served
 * set's. Filter it by attempt: the filter reaches both halves.
 */
export const servedVersions = pgView('served_versions', {
  attemptId: text('attempt_id').notNull(),
  questionTaskMapId: integer('question_task_map_id').notNull(),
  questionId: integer('question_id').notNull(),
  questionVersionId: integer('question_version_id').notNull(),
}).as(sql`SELECT own.attempt_id, own.question_task_map_id, own.question_id, own.question_version_id
  FROM attempt_question_versions own
  UNION ALL
  SELECT a.id, s.question_task_map_id, s.question_id, s.question_version_id
  FROM exam_attempts a JOIN served_set_versions s ON s.set_id = a.served_set_id
  WHERE NOT EXISTS (SELECT 1 FROM attempt_question_versions own WHERE own.attempt_id = a.id AND own.question_task_map_id = s.question_task_map_id)`);
