import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classDirectory, clients, instituteDirectory, rolePermissions, sectionDirectory, staffClassAssignments, teacherPermissions, userDirectory } from '../../db/schema/index.js';

/** Where a staff list or class choice is looked for: a client, or one institute of it. */
export type StaffScope = { clientId: string; instituteId: number | null };

export function createRolesRepository(db: Db) {
  return {
    /** Creates the client with the given rows for its roles; false (and nothing written) when it exists. */
    async insertClient(
      client: { id: string; name: string },
      permissions: Array<{ role: string; permission: string }>,
      knownPermissions: readonly string[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(clients)
          .values({ ...client, knownPermissions: [...knownPermissions] })
          .onConflictDoNothing()
          .returning({ id: clients.id });
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
          select ${userDirectory.clientId} as id from ${userDirectory}
          union select ${instituteDirectory.clientId} as id from ${instituteDirectory}
        ) named
        where id not in (select ${clients.id} from ${clients})`);
      const rows = (result as unknown as { rows?: Array<{ id: string }> }).rows ?? (result as unknown as Array<{ id: string }>);
      return rows.map((row) => row.id);
    },

    listClients: () => db.select({ id: clients.id, knownPermissions: clients.knownPermissions }).from(clients).orderBy(asc(clients.id)),

    /** Grants the rows (if missing) and records the client's known catalogue, together. */
    async addNewActions(clientId: string, permissions: Array<{ role: string; permission: string }>, knownPermissions: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        if (permissions.length > 0) {
          await tx.insert(rolePermissions).values(permissions.map((row) => ({ clientId, ...row }))).onConflictDoNothing();
        }
        await tx.update(clients).set({ knownPermissions: [...knownPermissions] }).where(eq(clients.id, clientId));
      });
    },

    async listClientPermissions(clientId: string): Promise<Array<{ role: string; permission: string }>> {
      return db
        .select({ role: rolePermissions.role, permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(eq(rolePermissions.clientId, clientId))
        .orderBy(asc(rolePermissions.role), asc(rolePermissions.permission));
    },

    /**
     * Replaces the listed roles' rows of a client and runs `alongside` (the audit entry) in the
     * same transaction.
     */
    async replacePermissions(
      clientId: string,
      roles: ReadonlyArray<{ role: string; permissions: readonly string[] }>,
      alongside: (tx: Db) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (const { role, permissions } of roles) {
          await tx.delete(rolePermissions).where(and(eq(rolePermissions.clientId, clientId), eq(rolePermissions.role, role)));
          if (permissions.length > 0) {
            await tx.insert(rolePermissions).values(permissions.map((permission) => ({ clientId, role, permission })));
          }
        }
        await alongside(tx as unknown as Db);
      });
    },

    /**
     * Active accounts of the client with one of the roles that are not narrowed (teacher_permissions)
     * away from the tab: those who could still open it.
     */
    async countActiveUsersWithTab(clientId: string, roles: readonly string[], tabName: string): Promise<number> {
      if (roles.length === 0) return 0;
      const narrowedAway = db
        .select({ one: sql`1` })
        .from(teacherPermissions)
        .where(
          and(
            eq(teacherPermissions.userId, userDirectory.id),
            sql`not exists (select 1 from ${teacherPermissions} own where own.user_id = ${userDirectory.id} and own.tab_name = ${tabName})`,
          ),
        );
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(userDirectory)
        .where(and(eq(userDirectory.clientId, clientId), eq(userDirectory.isActive, true), inArray(userDirectory.role, [...roles]), notExists(narrowedAway)));
      return Number(row?.count ?? 0);
    },

    /** Teachers in scope (a client, or one institute of it), by name. */
    listTeachers: (scope: StaffScope, roles: readonly string[]) =>
      db
        .select({
          userId: userDirectory.id,
          username: userDirectory.username,
          firstName: userDirectory.firstName,
          lastName: userDirectory.lastName,
          role: userDirectory.role,
          instituteId: userDirectory.instituteId,
          instituteName: instituteDirectory.name,
        })
        .from(userDirectory)
        .leftJoin(instituteDirectory, eq(instituteDirectory.id, userDirectory.instituteId))
        .where(
          and(
            eq(userDirectory.clientId, scope.clientId),
            inArray(userDirectory.role, [...roles]),
            scope.instituteId === null ? undefined : eq(userDirectory.instituteId, scope.instituteId),
          ),
        )
        .orderBy(asc(userDirectory.firstName), asc(userDirectory.lastName), asc(userDirectory.id)),

    listAssignmentsOf: (userIds: number[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ userId: staffClassAssignments.userId, classId: staffClassAssignments.classId, sectionId: staffClassAssignments.sectionId })
            .from(staffClassAssignments)
            .where(inArray(staffClassAssignments.userId, userIds))
            .orderBy(asc(staffClassAssignments.classId), asc(staffClassAssignments.sectionId)),

    /** The institutes in scope with their classes and sections. */
    async listInstituteClasses(scope: StaffScope) {
      const rows = await db
        .select({
          instituteId: instituteDirectory.id,
          instituteName: instituteDirectory.name,
          classId: classDirectory.id,
          className: classDirectory.name,
          sectionId: sectionDirectory.id,
          sectionName: sectionDirectory.name,
        })
        .from(instituteDirectory)
        .leftJoin(classDirectory, eq(classDirectory.instituteId, instituteDirectory.id))
        .leftJoin(sectionDirectory, eq(sectionDirectory.classId, classDirectory.id))
        .where(and(eq(instituteDirectory.clientId, scope.clientId), scope.instituteId === null ? undefined : eq(instituteDirectory.id, scope.instituteId)))
        .orderBy(asc(instituteDirectory.name), asc(instituteDirectory.id), asc(classDirectory.name), asc(classDirectory.id), asc(sectionDirectory.name), asc(sectionDirectory.id));
      return rows;
    },

    /** The class ids of the institute among `classIds`, and the section ids of those classes among `sectionIds`. */
    async classesOfInstitute(instituteId: number, classIds: number[], sectionIds: number[]) {
      const foundClasses = classIds.length
        ? await db.select({ id: classDirectory.id }).from(classDirectory).where(and(eq(classDirectory.instituteId, instituteId), inArray(classDirectory.id, classIds)))
        : [];
      const foundSections = sectionIds.length
        ? await db
            .select({ id: sectionDirectory.id, classId: sectionDirectory.classId })
            .from(sectionDirectory)
            .innerJoin(classDirectory, eq(classDirectory.id, sectionDirectory.classId))
            .where(and(eq(classDirectory.instituteId, instituteId), inArray(sectionDirectory.id, sectionIds)))
        : [];
      return { classIds: foundClasses.map((row) => row.id), sections: foundSections };
    },

    /** Replaces a staff user's class assignments and runs `alongside` (the audit entry) in the same transaction. */
    async replaceAssignments(
      userId: number,
      assignments: ReadonlyArray<{ classId: number; sectionId: number | null }>,
      alongside: (tx: Db) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(staffClassAssignments).where(eq(staffClassAssignments.userId, userId));
        if (assignments.length > 0) await tx.insert(staffClassAssignments).values(assignments.map((a) => ({ userId, ...a })));
        await alongside(tx as unknown as Db);
      });
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
