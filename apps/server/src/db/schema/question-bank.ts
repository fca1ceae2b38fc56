import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { jsonValue } from './json-value.js';
import type { MatchingKey, NumericalKey, OrderingKey } from '@app/contracts';
import { topics } from './academy-core.js';
import { users } from './auth.js';
import { institutes } from './lookups.js';

/** A blank of a fill-in-the-blank key: its id is `${questionId}-${index}`. */
export interface BlankKey {
  id: string;
  value: string;
  alternatives?: string[];
  tolerance?: number;
}

/** Programming settings a student sees (the hidden cases and the solution are kept apart). */
export interface ProgrammingSettings {
  codeStubs: Record<string, string>;
  allowedLanguages: string[];
  inputFormat: string;
  outputFormat: string;
  constraints: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  /** What a Submit shows of the hidden cases (absent: 'total', see HIDDEN_CASE_RESULTS). */
  hiddenCaseResults?: 'total' | 'perCase';
}

/**
 * A question of the bank: who owns it, what kind it is, how it is classified, and which of its
 * versions is current. Its content and key live in question_versions; an edit adds a version.
 */
export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The kind never changes: a different kind is a different question. */
    questionType: text('question_type').notNull(),
    /** easy | medium | hard */
    difficulty: text('difficulty').notNull().default('medium'),
    /** Owned by an institute, or (when null) by the client in ownerClientId. */
    ownerInstituteId: integer('owner_institute_id').references(() => institutes.id, { onDelete: 'restrict' }),
    ownerClientId: text('owner_client_id').notNull().default('neetprep'),
    /** Null only inside the transaction that creates the question with its first version. */
    currentVersionId: integer('current_version_id').references((): AnyPgColumn => questionVersions.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_owner_idx').on(t.ownerClientId, t.ownerInstituteId),
    index('questions_type_idx').on(t.questionType, t.difficulty),
    check('questions_difficulty_check', sql`${t.difficulty} in ('easy', 'medium', 'hard')`),
  ],
);

/**
 * One immutable version of a question's content and key. Rows are only ever inserted: an attempt
 * records the version it was served, and scoring reads that version's key.
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** 1, 2, … per question. */
    version: integer('version').notNull(),
    contentType: text('content_type').notNull().default('text'),
    mediaUrl: text('media_url'),
    /** The language variant shown when the student's language has none (en or tn). */
    defaultLanguage: text('default_language').notNull().default('en'),
    marks: doublePrecision('marks').notNull().default(1),
    negativeMarks: doublePrecision('negative_marks').notNull().default(0),
    allowsPartialCredit: boolean('allows_partial_credit').notNull().default(false),
    /**
     * The kind's own settings, shaped by its contract's `settingsSchema` (decision 052): a written
     * answer's line limit, a programming question's settings and sample cases, an office question's
     * start file, a picture or video kind's address, the blanks' default tolerance, the marking of
     * a multiple-correct question. Validated when written, parsed when read.
     */
    settings: jsonValue('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    // The kind columns the settings replaced (decision 052: numeric_tolerance, line_number,
    // programming, sample_cases, start_file_url) were copied into `settings` by migration 0029 and dropped by 0032.
    // The key: never in a player's response before submission (or a practice reveal).
    /** Option id (single choice, image, video) or ids (multiple choice). */
    correctAnswerId: jsonb('correct_answer_id').$type<number | number[] | null>(),
    /** Blanks (with ids), a model answer for a written question, or a numerical value's key. */
    correctAnswerData: jsonValue('correct_answer_data').$type<BlankKey[] | string | NumericalKey | MatchingKey | OrderingKey | null>(),
    /** Reference program, or the solution file of an office question. */
    solution: text('solution'),
    /** How a written answer is marked (staff only): what earns the marks. */
    rubric: text('rubric'),
    hiddenCases: jsonb('hidden_cases').$type<{ input: string; output: string }[]>().notNull().default([]),
    /**
     * How the version is marked (decision 067): by its key; 'bonus', full marks to everyone served
     * it; or 'dropped', no marks and out of the total. A key decision on a challenge sets it.
     */
    award: text('award').$type<'key' | 'bonus' | 'dropped'>().notNull().default('key'),
    /** Options accepted besides the key (a single-answer question whose key was ruled ambiguous). */
    acceptedAnswerIds: jsonb('accepted_answer_ids').$type<number[]>().notNull().default([]),
    /** Why this version was made (shown in the history). */
    changeNote: text('change_note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('question_versions_question_version_idx').on(t.questionId, t.version)],
);

/**
 * The text of one version in one language (English and Tamil variants of the same question).
 * Option ids are the same in every language; only their text differs.
 */
export const questionVersionTexts = pgTable(
  'question_version_texts',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'cascade' }),
    /** en or tn */
    language: text('language').notNull(),
    title: text('title').notNull().default(''),
    /** The statement; fill-in-the-blank text carries one {0} marker per blank. */
    data: text('data').notNull(),
    answerTitle: text('answer_title'),
    options: jsonb('options').$type<{ answerID: number; answerData: string }[]>().notNull().default([]),
    hint: text('hint'),
    instructions: text('instructions'),
    /** Part of the key: shown only after submission or a practice reveal. */
    explanation: text('explanation'),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.language] })],
);

/** The syllabus topics a question covers (academy topics; many to many). */
export const questionTopics = pgTable(
  'question_topics',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.topicId] }), index('question_topics_topic_idx').on(t.topicId)],
);

/** Free labels ("Kinematics", "NEET 2019"); one row per name, matched without case. */
export const questionTags = pgTable(
  'question_tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('question_tags_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const questionTagLinks = pgTable(
  'question_tag_links',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => questionTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.tagId] }), index('question_tag_links_tag_idx').on(t.tagId)],
);

// ---------- published reads (decision 094): other modules read the bank through these views ----------

/** A question with its current version's marks and key (the version is null only inside the transaction that creates it). */
export const currentQuestions = pgView('current_questions', {
  questionId: integer('question_id').notNull(),
  questionType: text('question_type').notNull(),
  difficulty: text('difficulty').notNull(),
  ownerClientId: text('owner_client_id').notNull(),
  ownerInstituteId: integer('owner_institute_id'),
  currentVersionId: integer('current_version_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  currentMarks: doublePrecision('current_marks'),
  currentKey: jsonb('current_key').$type<number | number[] | null>(),
}).as(sql`SELECT q.id AS question_id, q.question_type, q.difficulty, q.owner_client_id, q.owner_institute_id, q.current_version_id, q.updated_at,
    cv.marks AS current_marks, cv.correct_answer_id AS current_key
  FROM questions q LEFT JOIN question_versions cv ON cv.id = q.current_version_id`);

/** Each version of a question: its number, the question's kind, its default language, marks and option key. */
export const bankVersions = pgView('bank_versions', {
  versionId: integer('version_id').notNull(),
  questionId: integer('question_id').notNull(),
  version: integer('version').notNull(),
  questionType: text('question_type').notNull(),
  defaultLanguage: text('default_language').notNull(),
  marks: doublePrecision('marks').notNull(),
  correctAnswerId: jsonb('correct_answer_id').$type<number | number[] | null>(),
}).as(sql`SELECT v.id AS version_id, v.question_id, v.version, q.question_type, v.default_language, v.marks, v.correct_answer_id
  FROM question_versions v LEFT JOIN questions q ON q.id = v.question_id`);

/** Each version's statement and options in every language it has (one row with a null language when it has none). */
export const questionStatements = pgView('question_statements', {
  versionId: integer('version_id').notNull(),
  version: integer('version').notNull(),
  defaultLanguage: text('default_language').notNull(),
  language: text('language'),
  data: text('data'),
  options: jsonb('options').$type<{ answerID: number; answerData: string }[]>(),
}).as(sql`SELECT v.id AS version_id, v.version, v.default_language, t.language, t.data, t.options
  FROM question_versions v LEFT JOIN question_version_texts t ON t.version_id = v.id`);

/** The syllabus topics each question is filed under. */
export const questionFilings = pgView('question_filings', {
  questionId: integer('question_id').notNull(),
  topicId: integer('topic_id').notNull(),
}).as(sql`SELECT question_id, topic_id FROM question_topics`);

/** All that a version holds, as text: its own row, then its row in each language (for finding the versions that name a file). */
export const questionContent = pgView('question_content', {
  versionId: integer('version_id').notNull(),
  body: text('body').notNull(),
}).as(sql`SELECT v.id AS version_id, v::text AS body FROM question_versions v
  UNION ALL
  SELECT t.version_id, t::text FROM question_version_texts t`);
