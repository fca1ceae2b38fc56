import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Courses are the academy's; the lookups list them too (courses/v1/listSimple). */
export const courses = pgTable('courses', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** en or tn */
  language: text('language').notNull().default('en'),
  imageUrl: text('image_url'),
  isPublished: boolean('is_published').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
