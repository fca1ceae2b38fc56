import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditEntryRow = typeof auditLog.$inferSelect;
export type NewAuditEntryRow = typeof auditLog.$inferInsert;

/**
 * Audit entries written and read whole by another module (decision 099): an exam centre seals its
 * attempts' entries into their chains and the central server writes them back as they were.
 * Each call runs on the `db` given, the caller's transaction.
 */
export function createAuditEntries(db: Db) {
  return {
    async insert(rows: NewAuditEntryRow[]) {
      if (rows.length) await db.insert(auditLog).values(rows);
    },

    /** The entries about these targets (of one action, when given), the oldest first. */
    async entriesOf(targetType: string, targetIds: string[], action?: string): Promise<AuditEntryRow[]> {
      if (!targetIds.length) return [];
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, targetType), inArray(auditLog.targetId, targetIds), action === undefined ? undefined : eq(auditLog.action, action)))
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    },
  };
}

export type AuditEntries = ReturnType<typeof createAuditEntries>;
