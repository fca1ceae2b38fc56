import type { AuditList, ListAuditQuery } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { auditScopeOf } from './audit.policy.js';
import type { AuditRepository } from './audit.repository.js';

const nameOf = (first: string | null, last: string | null, username: string | null): string | null =>
  username === null ? null : [first, last].filter(Boolean).join(' ').trim() || username;

/**
 * Reads the audit log (lib/audit.ts writes it, from every module that changes another user's data).
 * An admin sees the rows of their client, an institute admin those of their institute.
 */
export function createAuditService(deps: { repo: AuditRepository }) {
  const { repo } = deps;
  return {
    async list(actor: Actor, query: Required<Pick<ListAuditQuery, 'page' | 'pageSize'>> & Omit<ListAuditQuery, 'page' | 'pageSize'>): Promise<AuditList> {
      const page = Number(query.page);
      const pageSize = Number(query.pageSize);
      const scope = auditScopeOf(actor);
      if (!scope) return { items: [], total: 0, page, pageSize, actions: [], actors: [], targets: [] };
      const { rows, total } = await repo.list(
        scope,
        {
          action: query.action || undefined,
          actorUserId: query.actorUserId === undefined ? undefined : Number(query.actorUserId),
          targetUserId: query.targetUserId === undefined ? undefined : Number(query.targetUserId),
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        { offset: (page - 1) * pageSize, limit: pageSize },
      );
      const [actions, actors, targets] = await Promise.all([repo.listActions(scope), repo.listPeople(scope, 'actor'), repo.listPeople(scope, 'target')]);
      const person = (p: { userId: number; firstName: string; lastName: string; username: string }) => ({ userId: p.userId, displayName: nameOf(p.firstName, p.lastName, p.username)! });
      return {
        items: rows.map(({ entry, ...names }) => ({
          id: entry.id,
          createdAt: entry.createdAt.toISOString(),
          action: entry.action,
          actorUserId: entry.actorUserId,
          actorName: nameOf(names.actorFirst, names.actorLast, names.actorUsername),
          targetType: entry.targetType,
          targetId: entry.targetId,
          targetUserId: entry.targetUserId,
          targetName: nameOf(names.targetFirst, names.targetLast, names.targetUsername),
          instituteId: entry.instituteId,
          before: entry.before ?? null,
          after: entry.after ?? null,
          reason: entry.reason,
        })),
        total,
        page,
        pageSize,
        actions,
        actors: actors.map(person),
        targets: targets.map(person),
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
