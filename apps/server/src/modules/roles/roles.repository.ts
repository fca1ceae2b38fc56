import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, institutes, rolePermissions, staffClassAssignments, users } from '../../db/schema/index.js';

export function createRolesRepository(db: Db) {
  return {
    /** Creates the client with the given rows for its roles; false (and nothing written) when it exists. */
    async insertClient(client: { id: string; name: string }, permissions: Array<{ role: string; permission: string }>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx.insert(clients).values(client).onConflictDoNothing().returning({ id: clients.id });
        if (inserted.length === 0) return false;
        if (permissions.length > 0) {
          await tx.insert(rolePermissions).values(permissions.map((row) => ({ clientId: client.id, ...row }))).onConflictDoNothing();
        }
        return true;
      });
    },

    /** Client ids that accounts or institutes name but that have no clients row yet. */
    async listUnknownClientIds(): Promise<string[]> {
      const result = await db.execute<{ id: string }>(sql`
        select distinct id from (
          select ${users.clientId} as id from ${users}
          union select ${institutes.clientId} as id from ${institutes}
        ) named
        where id not in (select ${clients.id} from ${clients})`);
      const rows = (result as unknown as { rows?: Array<{ id: string }> }).rows ?? (result as unknown as Array<{ id: string }>);
      return rows.map((row) => row.id);
    },

    listPermissions: async (clientId: string, role: string): Promise<string[]> =>
      (
        await db
          .select({ permission: rolePermissions.permission })
          .from(rolePermissions)
          .where(and(eq(rolePermissions.clientId, clientId), eq(rolePermissions.role, role)))
          .orderBy(asc(rolePermissions.permission))
      ).map((row) => row.permission),

    async grant(clientId: string, role: string, permissions: readonly string[]): Promise<void> {
      if (permissions.length === 0) return;
      await db
        .insert(rolePermissions)
        .values(permissions.map((permission) => ({ clientId, role, permission })))
        .onConflictDoNothing();
    },

    async revoke(clientId: string, role: string, permissions: readonly string[]): Promise<void> {
      if (permissions.length === 0) return;
      await db
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.clientId, clientId), eq(rolePermissions.role, role), inArray(rolePermissions.permission, [...permissions])));
    },

    /** Replaces a staff user's class assignments. */
    async setAssignments(userId: number, assignments: ReadonlyArray<{ classId: number; sectionId: number | null }>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(staffClassAssignments).where(eq(staffClassAssignments.userId, userId));
        if (assignments.length > 0) await tx.insert(staffClassAssignments).values(assignments.map((a) => ({ userId, ...a })));
      });
    },

    listAssignments: (userId: number) =>
      db
        .select({ classId: staffClassAssignments.classId, sectionId: staffClassAssignments.sectionId })
        .from(staffClassAssignments)
        .where(eq(staffClassAssignments.userId, userId))
        .orderBy(asc(staffClassAssignments.classId)),
  };
}
export type RolesRepository = ReturnType<typeof createRolesRepository>;
