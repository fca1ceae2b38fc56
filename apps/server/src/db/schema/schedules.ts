import { sql } from 'drizzle-orm';
import { index, integer, pgTable, pgView, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses, topics } from './academy-core.js';
import { tasks } from './academy.js';
import { classes, institutes, sections } from './lookups.js';

/**
 * Who a row applies to: an institute, narrowed to a class (class_id set) and then to one of its
 * sections (section_id set). A student matches a row of their institute whose class and section
 * are unset or their own.
 */
const target = () => ({
  instituteId: integer('institute_id')
    .notNull()
    .references(() => institutes.id, { onDelete: 'cascade' }),
  classId: integer('class_id').references(() => classes.id, { onDelete: 'cascade' }),
  sectionId: integer('section_id').references(() => sections.id, { onDelete: 'cascade' }),
});

/** Which courses which institutes, classes and sections get (Course Mapping). A course without rows is open to all. */
export const courseMappings = pgTable(
  'course_mappings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    ...target(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_mappings_unique_idx').on(t.courseId, t.instituteId, sql`coalesce(${t.classId}, 0)`, sql`coalesce(${t.sectionId}, 0)`),
    index('course_mappings_institute_idx').on(t.instituteId),
  ],
);

/** A test's window for an institute, class or section (Test Schedule). */
export const testSchedules = pgTable(
  'test_schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    ...target(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** No new start after this instant; a started attempt keeps its own deadline. */
    lateStartUntil: timestamp('late_start_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_schedules_unique_idx').on(t.taskId, t.instituteId, sql`coalesce(${t.classId}, 0)`, sql`coalesce(${t.sectionId}, 0)`),
    index('test_schedules_institute_idx').on(t.instituteId, t.opensAt),
  ],
);

/** When a topic opens for an institute, class or section (Course Schedule). */
export const topicOpenings = pgTable(
  'topic_openings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    ...target(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('topic_openings_unique_idx').on(t.topicId, t.instituteId, sql`coalesce(${t.classId}, 0)`, sql`coalesce(${t.sectionId}, 0)`),
    index('topic_openings_institute_idx').on(t.instituteId),
  ],
);

/** The published read (decision 094): each test window, the institute, class and section it is for, and when it opens, closes and takes its last start. */
export const testWindows = pgView('test_windows', {
  id: integer('id').notNull(),
  taskId: integer('task_id').notNull(),
  instituteId: integer('institute_id').notNull(),
  classId: integer('class_id'),
  sectionId: integer('section_id'),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  lateStartUntil: timestamp('late_start_until', { withTimezone: true }),
}).as(sql`SELECT id, task_id, institute_id, class_id, section_id, opens_at, closes_at, late_start_until FROM test_schedules`);
