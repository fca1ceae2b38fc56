import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Contact Us: a message from a staff or institution account to its institute's administrators,
 * with the status and reply note an administrator gives it.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: text('client_id').notNull(),
    /** The sender's institute; null when the sender belongs to none (client-wide staff). */
    instituteId: integer('institute_id'),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** new | inProgress | closed */
    status: text('status').notNull().default('new'),
    replyNote: text('reply_note'),
    handledByUserId: integer('handled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_client_created_idx').on(t.clientId, t.createdAt),
    index('support_messages_sender_idx').on(t.senderUserId),
  ],
);
