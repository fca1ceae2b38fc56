import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { examAttempts } from './exam.js';

/** Camera frames (spec 001: a JPEG stamped with the time); the file sits in the uploads folder. */
export const examPhotos = pgTable(
  'exam_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [index('exam_photos_attempt_idx').on(t.attemptId, t.capturedAt)],
);
