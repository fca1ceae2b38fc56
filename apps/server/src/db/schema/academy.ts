import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  jsonb,
  doublePrecision,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses, topics } from './academy-core.js';
import { questions } from './question-bank.js';
import { users } from './auth.js';
import { institutes } from './lookups.js';

/** When a graded test's answers (keys and explanations) are shown to the student. */
export type ShowAnswersWhen = 'never' | 'afterSubmit' | 'afterWindow';

/** A section's random draw: `count` questions of the bank, drawn when an attempt starts. */
export interface SectionDrawRule {
  count: number;
  /** Bank questions on any of these topics; empty means any topic. */
  topicIds: number[];
  /** Any of these difficulties; empty means any. */
  difficulties: Array<'easy' | 'medium' | 'hard'>;
  marks: number;
  negativeMarks: number;
}

/**
 * A task: a lesson (video, PDF, rich text) or a test (practice or graded) with the spec's
 * behaviour flags (001 §3). Durations are minutes as configured; attempts store seconds.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** lesson | test */
    kind: text('kind').notNull(),
    /** practice | test (tests only) */
    testType: text('test_type'),
    /** video | pdf | richText (lessons only) */
    contentType: text('content_type'),
    videoUrl: text('video_url'),
    pdfUrl: text('pdf_url'),
    richText: text('rich_text'),
    instructions: text('instructions').notNull().default(''),
    questionDisplayType: text('question_display_type').notNull().default('vertical'),
    shuffle: boolean('shuffle').notNull().default(false),
    sectionWiseTimer: boolean('section_wise_timer').notNull().default(false),
    /** Minutes; null means untimed (practice). */
    durationMinutes: integer('duration_minutes'),
    questionSwitch: integer('question_switch').notNull().default(1),
    mandatory: boolean('mandatory').notNull().default(false),
    isSectionNavigationAllowed: boolean('is_section_navigation_allowed').notNull().default(true),
    isEditorAllowed: boolean('is_editor_allowed').notNull().default(true),
    isCameraAllowed: boolean('is_camera_allowed').notNull().default(false),
    /** 0 turns tab-away monitoring on (spec 001 §6). */
    isTabAlertAllowed: integer('is_tab_alert_allowed').notNull().default(1),
    warnings: integer('warnings').notNull().default(3),
    scoreVisible: boolean('score_visible').notNull().default(true),
    partialSubmitMinutes: integer('partial_submit_minutes').notNull().default(30),
    isPublished: boolean('is_published').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Tamil instructions of a test (HTML); `instructions` holds the English. */
    instructionsTn: text('instructions_tn').notNull().default(''),
    /** How many graded attempts a student may make. */
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    showAnswers: text('show_answers').$type<ShowAnswersWhen>().notNull().default('afterSubmit'),
    /** Where a question's English and Tamil versions differ, the English one is final (the player says so). */
    englishAuthoritative: boolean('english_authoritative').notNull().default(true),
    /** Who configures the test: an institute's staff, or (institute null) the client's administrators. */
    ownerClientId: text('owner_client_id').notNull().default('neetprep'),
    ownerInstituteId: integer('owner_institute_id').references(() => institutes.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The one student a test is made for (a notebook's weekly re-test, decision 081); null for a
     * course's own tasks. Such a task is never published: only its owner reaches it.
     */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_topic_idx').on(t.topicId, t.sortOrder),
    index('tasks_course_idx').on(t.courseId),
    index('tasks_owner_idx').on(t.ownerClientId, t.ownerInstituteId),
  ],
);

export const taskSections = pgTable(
  'task_sections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    sectionIndex: integer('section_index').notNull(),
    name: text('name').notNull(),
    /** Minutes; used when the task has section-wise timing. */
    durationMinutes: integer('duration_minutes').notNull().default(0),
    nameTn: text('name_tn').notNull().default(''),
    /** pick: questions placed by staff; draw: a random draw per attempt (drawRule). */
    questionSource: text('question_source').$type<'pick' | 'draw'>().notNull().default('pick'),
    drawRule: jsonb('draw_rule').$type<SectionDrawRule | null>(),
  },
  (t) => [uniqueIndex('task_sections_task_index_idx').on(t.taskId, t.sectionIndex)],
);

/** A question placed in a task's section: its id is the spec's questionTaskMapID. */
export const taskQuestions = pgTable(
  'task_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id')
      .notNull()
      .references(() => taskSections.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Per-task marking overrides; null uses the question's. */
    marks: doublePrecision('marks'),
    negativeMarks: doublePrecision('negative_marks'),
    /**
     * A question a section's random draw gave some attempt. Shared by every attempt that drew it
     * (each attempt's served versions say which it has); never part of the test's own list.
     */
    isDrawn: boolean('is_drawn').notNull().default(false),
  },
  (t) => [
    index('task_questions_task_idx').on(t.taskId, t.sectionId, t.sortOrder),
    uniqueIndex('task_questions_task_question_idx').on(t.taskId, t.questionId).where(sql`NOT ${t.isDrawn}`),
    uniqueIndex('task_questions_drawn_idx').on(t.sectionId, t.questionId).where(sql`${t.isDrawn}`),
  ],
);

/** Course tracking (time spent), per student. */
export const courseProgress = pgTable(
  'course_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    lastTrackedAt: timestamp('last_tracked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** Course tracking by day (the student's calendar day in India), for activity by day. */
export const studyDays = pgTable(
  'study_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Per task: time spent and completion (a lesson studied, a test submitted). */
export const taskProgress = pgTable(
  'task_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] }), index('task_progress_user_course_idx').on(t.userId, t.courseId)],
);

/**
 * A file uploaded for lessons and questions (editor images and videos, lesson PDFs): stored in the
 * file store under `content/<id>` and addressed by its id, `/api/academy/v1/files/<id>`, a
 * link that does not expire (decision 021). Owned like courses: a client, and the uploader's institute.
 */
export const contentFiles = pgTable(
  'content_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    /** image | video | pdf */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The name it was uploaded with, for lists only. */
    fileName: text('file_name').notNull(),
    clientId: text('client_id').notNull(),
    instituteId: integer('institute_id'),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_files_owner_idx').on(t.clientId, t.instituteId, t.createdAt)],
);

// ---------- published reads (decision 094): other modules read tasks through these views ----------

/**
 * A task's head: its course, name, kind, and the one student it is made for (decision 081; null
 * for a course's own), then its topic, test type, publication, order, duration and who configures it.
 */
export const taskHeads = pgView('task_heads', {
  id: integer('id').notNull(),
  courseId: integer('course_id').notNull(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  ownerUserId: integer('owner_user_id'),
  topicId: integer('topic_id').notNull(),
  testType: text('test_type'),
  isPublished: boolean('is_published').notNull(),
  sortOrder: integer('sort_order').notNull(),
  durationMinutes: integer('duration_minutes'),
  ownerClientId: text('owner_client_id').notNull(),
  ownerInstituteId: integer('owner_institute_id'),
}).as(
  sql`SELECT id, course_id, name, kind, owner_user_id, topic_id, test_type, is_published, sort_order, duration_minutes, owner_client_id, owner_institute_id FROM tasks`,
);

/** A question placed in a task (its id is the questionTaskMapID), its section's index, its marks override and whether a random draw placed it. */
export const placedQuestions = pgView('placed_questions', {
  mapId: integer('map_id').notNull(),
  taskId: integer('task_id').notNull(),
  sectionIndex: integer('section_index'),
  questionId: integer('question_id').notNull(),
  marks: doublePrecision('marks'),
  isDrawn: boolean('is_drawn').notNull(),
}).as(sql`SELECT tq.id AS map_id, tq.task_id, s.section_index, tq.question_id, tq.marks, tq.is_drawn
  FROM task_questions tq LEFT JOIN task_sections s ON s.id = tq.section_id`);

/** Seconds a student studied each day (course tracking, the student's calendar day in India). */
export const studyTimeByDay = pgView('study_time_by_day', {
  userId: integer('user_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  seconds: integer('seconds').notNull(),
}).as(sql`SELECT user_id, day, time_spent_seconds AS seconds FROM study_days`);

/** Seconds a student studied each course, all time. */
export const studyTimeByCourse = pgView('study_time_by_course', {
  userId: integer('user_id').notNull(),
  courseId: integer('course_id').notNull(),
  seconds: integer('seconds').notNull(),
}).as(sql`SELECT user_id, course_id, time_spent_seconds AS seconds FROM course_progress`);

/** The tasks a student completed (a lesson studied, a test submitted), and when. */
export const completedTasks = pgView('completed_tasks', {
  userId: integer('user_id').notNull(),
  taskId: integer('task_id').notNull(),
  courseId: integer('course_id').notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}).as(sql`SELECT user_id, task_id, course_id, completed_at FROM task_progress WHERE is_completed`);
