import type { Role } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { StudentReach, StudentScope } from '../../lib/policy.js';
import { displayNameOf, type AuthContext } from './auth.context.js';

/** What other modules read of accounts: scopes, names, a reach's students and a parent's children. */
export function createAccountReads(ctx: AuthContext) {
  const { repo } = ctx.deps;

  return {
    /** Where a user belongs (institute, class, client), for the policies; undefined when unknown. */
    async scopeOf(userId: number): Promise<(StudentScope & { role: Role }) | undefined> {
      const row = await repo.findUserScope(userId);
      return row ? { ...row, role: row.role as Role } : undefined;
    },

    /** scopeOf for many users, by user id (unknown ids are left out). */
    async scopesOf(userIds: number[]): Promise<Map<number, StudentScope & { role: Role }>> {
      const rows = await repo.findUserScopes([...new Set(userIds)]);
      return new Map(rows.map((row) => [row.userId, { ...row, role: row.role as Role }]));
    },

    /** Student accounts a staff reach covers, with display names (the live exam room's roster). */
    async studentsInReach(reach: StudentReach, limit: number): Promise<Array<{ id: number; displayName: string }>> {
      const rows = await repo.listStudentsInReach(reach, limit);
      return rows.map((row) => ({ id: row.id, displayName: displayNameOf(row) }));
    },

    /** Display names and usernames by user id (unknown ids are left out). */
    async userNames(userIds: number[]): Promise<Map<number, { displayName: string; username: string }>> {
      const rows = await repo.listUserNames([...new Set(userIds)]);
      return new Map(rows.map((row) => [row.id, { displayName: displayNameOf(row), username: row.username }]));
    },

    /** Display names by user id, for staff screens of other modules (unknown ids are left out). */
    async displayNames(userIds: number[]): Promise<Map<number, string>> {
      const rows = await repo.listUserNames([...new Set(userIds)]);
      return new Map(rows.map((row) => [row.id, displayNameOf(row)]));
    },

    /** The students a Parent account is linked to (for the parents' screens). */
    async childrenOf(actor: Actor): Promise<Array<{ id: number; username: string; displayName: string }>> {
      if (actor.role !== 'Parent') return [];
      const rows = await repo.listChildren(actor.userId);
      return rows.map((row) => ({ id: row.id, username: row.username, displayName: displayNameOf(row) }));
    },

    /** Whether the parent may see this student's data. */
    async isParentOf(actor: Actor, studentUserId: number): Promise<boolean> {
      if (actor.role !== 'Parent') return false;
      return (await repo.listChildren(actor.userId)).some((row) => row.id === studentUserId);
    },
  };
}
