import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Every staff action that changes another user's data (marks, password resets, time extensions,
 * imports, role changes): who, when, what, and the record before and after. Rows are only added.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: text('client_id').notNull(),
    /** The institute the change belongs to; null for client-wide changes (role configuration). */
    instituteId: integer('institute_id'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A stable verb, domain first: `grading.mark`, `students.resetPassword`, `exam.extendTime`. */
    action: text('action').notNull(),
    /** What was changed: `attempt`, `user`, `role`, `question`, `job`… and its id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The user whose data changed, when there is one. */
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_client_created_idx').on(t.clientId, t.createdAt),
    index('audit_log_target_user_idx').on(t.targetUserId),
  ],
);
