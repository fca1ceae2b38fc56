import { and, asc, count, desc, eq, gte, like, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { auditLog, userDirectory } from '../../db/schema/index.js';
import type { AuditScope } from './audit.policy.js';

export interface AuditFilter {
  action?: string | undefined;
  actorUserId?: number | undefined;
  targetUserId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createAuditRepository(db: Db) {
  const actorUser = alias(userDirectory, 'audit_actor');
  const targetUser = alias(userDirectory, 'audit_target');

  const scopeWhere = (scope: AuditScope): SQL =>
    and(eq(auditLog.clientId, scope.clientId), scope.instituteId === null ? undefined : eq(auditLog.instituteId, scope.instituteId))!;

  return {
    async list(scope: AuditScope, filter: AuditFilter, page: { offset: number; limit: number }) {
      const where = and(
        scopeWhere(scope),
        filter.action ? or(eq(auditLog.action, filter.action), like(auditLog.action, `${escapeLike(filter.action)}.%`)) : undefined,
        filter.actorUserId ? eq(auditLog.actorUserId, filter.actorUserId) : undefined,
        filter.targetUserId ? eq(auditLog.targetUserId, filter.targetUserId) : undefined,
        filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
        filter.to ? lte(auditLog.createdAt, filter.to) : undefined,
      );
      const rows = await db
        .select({
          entry: auditLog,
          actorFirst: actorUser.firstName,
          actorLast: actorUser.lastName,
          actorUsername: actorUser.username,
          targetFirst: targetUser.firstName,
          targetLast: targetUser.lastName,
          targetUsername: targetUser.username,
        })
        .from(auditLog)
        .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
        .leftJoin(targetUser, eq(targetUser.id, auditLog.targetUserId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(auditLog).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async listActions(scope: AuditScope): Promise<string[]> {
      const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).where(scopeWhere(scope)).orderBy(asc(auditLog.action));
      return rows.map((row) => row.action);
    },

    /** The people who made changes (`actor`) or whose data was changed (`target`) in scope. */
    listPeople: (scope: AuditScope, role: 'actor' | 'target') =>
      db
        .selectDistinct({ userId: userDirectory.id, firstName: userDirectory.firstName, lastName: userDirectory.lastName, username: userDirectory.username })
        .from(auditLog)
        .innerJoin(userDirectory, eq(userDirectory.id, role === 'actor' ? auditLog.actorUserId : auditLog.targetUserId))
        .where(scopeWhere(scope))
        .orderBy(asc(userDirectory.firstName), asc(userDirectory.lastName), asc(userDirectory.id)),
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
