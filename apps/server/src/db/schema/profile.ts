import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** Registration "Parents Info" of a student (spec 000 §3 Parent info). */
export const parentInfo = pgTable('parent_info', {
  studentUserId: integer('student_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  parentName: text('parent_name').notNull(),
  guardian1: text('guardian1').notNull(),
  guardian2: text('guardian2'),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
