import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, pgView, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Courses are the academy's; the lookups list them too (courses/v1/listSimple). Topics sit beside them so that other domains can point at them without importing the academy's task tables. */
export const courses = pgTable('courses', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** en or tn */
  language: text('language').notNull().default('en'),
  imageUrl: text('image_url'),
  /**
   * The owner: a client's shared course (instituteId null) or one institute's. Staff manage the
   * courses of their institute and their client's shared ones; existing courses are the default client's.
   */
  clientId: text('client_id').notNull().default('neetprep'),
  instituteId: integer('institute_id'),
  isPublished: boolean('is_published').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What other modules read of a course: its name, owner (a client's shared one, institute null, or an institute's), order and whether it is published (decision 093). */
export const courseDirectory = pgView('course_directory').as((qb) =>
  qb
    .select({ id: courses.id, name: courses.name, clientId: courses.clientId, instituteId: courses.instituteId, isPublished: courses.isPublished, sortOrder: courses.sortOrder })
    .from(courses),
);

/** Topics of a course (spec 000: /academy/courses/topic/{courseId}/{topicId}). */
export const topics = pgTable(
  'topics',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * The topic this one sits under in the same course (a Moodle category path such as
     * Physics/Mechanics, kept by the question importer); null at the top. Decision 053.
     */
    parentId: integer('parent_id').references((): AnyPgColumn => topics.id, { onDelete: 'set null' }),
  },
  (t) => [index('topics_course_idx').on(t.courseId, t.sortOrder), index('topics_parent_idx').on(t.parentId)],
);

// ---------- published reads (decision 094): other modules read courses and topics through these views ----------

/** The topics of the courses, each with the topic it sits under. */
export const courseTopics = pgView('course_topics', {
  id: integer('id').notNull(),
  courseId: integer('course_id').notNull(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull(),
  parentId: integer('parent_id'),
}).as(sql`SELECT id, course_id, name, sort_order, parent_id FROM topics`);
