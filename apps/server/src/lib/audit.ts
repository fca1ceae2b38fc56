import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import type { Actor } from './actor.js';

export interface AuditEntry {
  /** Domain first: `grading.mark`, `students.resetPassword`, `exam.extendTime`. */
  action: string;
  targetType: string;
  targetId: string | number;
  targetUserId?: number | null;
  /** The institute the change belongs to; defaults to the actor's. */
  instituteId?: number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Records a staff change to another user's data. Pass the transaction that makes the change, so
 * the entry and the change are written together or not at all.
 */
export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await insertEntry(db, { clientId: actor.clientId, instituteId: entry.instituteId === undefined ? actor.instituteId : entry.instituteId, actorUserId: actor.userId }, entry);
}

/** Records a change the server makes on its own (no one signed in acted), in the client's log. */
export async function recordSystemAudit(db: Db, clientId: string, entry: AuditEntry): Promise<void> {
  await insertEntry(db, { clientId, instituteId: entry.instituteId ?? null, actorUserId: null }, entry);
}

/** One row of the log: who and where, then the entry itself. */
async function insertEntry(db: Db, by: { clientId: string; instituteId: number | null; actorUserId: number | null }, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...by,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    targetUserId: entry.targetUserId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
