import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** Pages a student visited (task/v1/saveURL); bounded per user. */
export const visitedUrls = pgTable(
  'visited_urls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id'),
    url: text('url').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('visited_urls_user_idx').on(t.userId, t.id)],
);
