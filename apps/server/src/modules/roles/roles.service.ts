import {
  COMMON_ERRORS,
  CONFIGURABLE_ROLES,
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS,
  ROLES,
  ROLES_ERRORS,
  TEACHER_ROLES,
  isPermission,
  permissionsOfTabs,
  type AssignClassesBody,
  type ConfigurableRole,
  type Permission,
  type Role,
  type RoleConfig,
  type SaveRoleConfigBody,
  type StaffList,
  type StaffMember,
} from '@app/contracts';
import type { Actor, ClassAssignment } from '../../lib/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { StudentScope } from '../../lib/policy.js';
import { canAssignClasses, canEditRoleConfig, staffScopeOf } from './roles.policy.js';
import type { RolesRepository } from './roles.repository.js';

export interface RolesServiceDeps {
  repo: RolesRepository;
  /** Signed-in sessions must load their scope again (all of them, or one user's). */
  onScopeChanged: (userId?: number) => void;
  /** Where an account belongs (the auth service's scopeOf). */
  scopeOf?: (userId: number) => Promise<(StudentScope & { role: Role }) | undefined>;
}

/** The client every account and institute belongs to unless told otherwise (users.client_id default). */
export const DEFAULT_CLIENT = { id: 'neetprep', name: 'NEET Prep' } as const;

/**
 * The catalogue's actions before clients recorded which they know. A client without a record
 * gets the defaults of every other action (added since) once; see `upgradeClients`.
 */
const ACTIONS_BEFORE_TRACKING: readonly string[] = PERMISSIONS.filter((p) => !['audit.view', 'support.inbox', 'support.contact', 'centre.manage', 'centre.invigilate'].includes(p));

/** The tab whose holders configure roles: a change must leave someone able to open it. */
const ROLE_CONFIGURATION_TAB = 'Role Configuration';

const nameOf = (row: { firstName: string; lastName: string; username: string }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ').trim() || row.username;

/**
 * Clients, the permissions each role holds in a client (permissions as data, docs/decisions/011)
 * and the classes staff teach, with the Role Configuration screen's calls (docs/decisions/025).
 */
export function createRolesService(deps: RolesServiceDeps) {
  const { repo } = deps;

  const defaultRows = (actions: readonly string[] = PERMISSIONS) =>
    ROLES.flatMap((role) => DEFAULT_ROLE_PERMISSIONS[role].filter((p) => actions.includes(p)).map((permission) => ({ role, permission })));

  async function configOf(actor: Actor): Promise<RoleConfig> {
    const rows = await repo.listClientPermissions(actor.clientId);
    return {
      clientId: actor.clientId,
      canEdit: canEditRoleConfig(actor),
      roles: CONFIGURABLE_ROLES.map((role) => ({
        role,
        permissions: PERMISSIONS.filter((p) => rows.some((row) => row.role === role && row.permission === p)),
      })),
    };
  }

  async function staffMember(userId: number, scope: { clientId: string; instituteId: number | null }): Promise<StaffMember | undefined> {
    const [row] = (await repo.listTeachers(scope, TEACHER_ROLES)).filter((r) => r.userId === userId);
    if (!row) return undefined;
    const classes = (await repo.listAssignmentsOf([userId])).map(({ classId, sectionId }) => ({ classId, sectionId }));
    return { userId, displayName: nameOf(row), username: row.username, role: row.role as Role, instituteId: row.instituteId, instituteName: row.instituteName, classes };
  }

  return {
    /** Creates a client with today's menus as its roles' permissions; an existing client is left as it is. */
    ensureClient(client: { id: string; name: string }): Promise<boolean> {
      return repo.insertClient(client, defaultRows(), PERMISSIONS);
    },

    /** Every client id that accounts or institutes name gets its clients row (and default permissions). */
    async ensureKnownClients(): Promise<string[]> {
      const created: string[] = [];
      for (const id of await repo.listUnknownClientIds()) {
        if (await repo.insertClient({ id, name: id }, defaultRows(), PERMISSIONS)) created.push(id);
      }
      return created;
    },

    /**
     * Actions added to the catalogue since a client was configured are granted to the roles they
     * default to, once; what a client's admins took away before stays away.
     */
    async upgradeClients(): Promise<void> {
      for (const client of await repo.listClients()) {
        const known = client.knownPermissions ?? ACTIONS_BEFORE_TRACKING;
        const added = PERMISSIONS.filter((p) => !known.includes(p));
        if (added.length === 0 && client.knownPermissions !== null) continue;
        await repo.addNewActions(client.id, defaultRows(added), PERMISSIONS);
      }
    },

    async permissionsOf(clientId: string, role: Role): Promise<Permission[]> {
      return (await repo.listPermissions(clientId, role)).filter(isPermission);
    },

    async grant(clientId: string, role: Role, permissions: readonly Permission[]): Promise<void> {
      await repo.grant(clientId, role, permissions);
      deps.onScopeChanged();
    },

    async revoke(clientId: string, role: Role, permissions: readonly Permission[]): Promise<void> {
      await repo.revoke(clientId, role, permissions);
      deps.onScopeChanged();
    },

    /** Takes whole menu tabs (every action they cover) from a role. */
    revokeTabs(clientId: string, role: Role, tabNames: readonly string[]): Promise<void> {
      return this.revoke(clientId, role, permissionsOfTabs(tabNames));
    },

    grantTabs(clientId: string, role: Role, tabNames: readonly string[]): Promise<void> {
      return this.grant(clientId, role, permissionsOfTabs(tabNames));
    },

    /** The classes (and sections) a staff user teaches; none: the whole institute. */
    async assignClasses(userId: number, assignments: readonly ClassAssignment[]): Promise<void> {
      await repo.setAssignments(userId, assignments);
      deps.onScopeChanged(userId);
    },

    listAssignments: (userId: number): Promise<ClassAssignment[]> => repo.listAssignments(userId),

    // ── Role Configuration (admins) ───────────────────────────────────────────────────────────

    getConfig(actor: Actor): Promise<RoleConfig> {
      return configOf(actor);
    },

    /**
     * Replaces the listed roles' actions in the admin's client, in one transaction with its audit
     * entry. Refused when afterwards no active account could open Role Configuration.
     */
    async saveConfig(actor: Actor, input: SaveRoleConfigBody & { reason?: string | undefined }): Promise<RoleConfig> {
      if (!canEditRoleConfig(actor)) throw new AppError(COMMON_ERRORS.AUTH_FORBIDDEN);
      const current = await configOf(actor);
      const before: Partial<Record<ConfigurableRole, Permission[]>> = {};
      const after: Partial<Record<ConfigurableRole, Permission[]>> = {};
      const changes: Array<{ role: ConfigurableRole; permissions: Permission[] }> = [];
      for (const { role, permissions } of input.roles) {
        const wanted = PERMISSIONS.filter((p) => (permissions as readonly string[]).includes(p));
        const held = current.roles.find((r) => r.role === role)?.permissions ?? [];
        if (wanted.length === held.length && wanted.every((p) => held.includes(p))) continue;
        before[role] = held;
        after[role] = wanted;
        changes.push({ role, permissions: wanted });
      }
      if (changes.length === 0) return current;

      const holdersAfter = CONFIGURABLE_ROLES.filter((role) =>
        (after[role] ?? current.roles.find((r) => r.role === role)!.permissions).includes('roles.manage'),
      );
      if ((await repo.countActiveUsersWithTab(actor.clientId, holdersAfter, ROLE_CONFIGURATION_TAB)) === 0) {
        throw new AppError(ROLES_ERRORS.ROLES_LOCKOUT);
      }

      await repo.replacePermissions(actor.clientId, changes, (tx) =>
        recordAudit(tx, actor, {
          action: 'roles.saveConfig',
          targetType: 'client',
          targetId: actor.clientId,
          instituteId: null,
          before,
          after,
          reason: input.reason || null,
        }),
      );
      // Every process drops its cached sessions: menus and route checks read the new rows next.
      deps.onScopeChanged();
      return configOf(actor);
    },

    /** Teachers the admin reaches, with their classes, and the classes of the admin's institutes. */
    async listStaff(actor: Actor): Promise<StaffList> {
      const scope = staffScopeOf(actor);
      if (!scope) return { staff: [], institutes: [] };
      const rows = await repo.listTeachers(scope, TEACHER_ROLES);
      const assignments = await repo.listAssignmentsOf(rows.map((r) => r.userId));
      const staff = rows.map((row) => ({
        userId: row.userId,
        displayName: nameOf(row),
        username: row.username,
        role: row.role as Role,
        instituteId: row.instituteId,
        instituteName: row.instituteName,
        classes: assignments.filter((a) => a.userId === row.userId).map(({ classId, sectionId }) => ({ classId, sectionId })),
      }));
      const institutes: StaffList['institutes'] = [];
      for (const row of await repo.listInstituteClasses(scope)) {
        let institute = institutes.find((i) => i.instituteId === row.instituteId);
        if (!institute) institutes.push((institute = { instituteId: row.instituteId, instituteName: row.instituteName, classes: [] }));
        if (row.classId === null) continue;
        let cls = institute.classes.find((c) => c.classId === row.classId);
        if (!cls) institute.classes.push((cls = { classId: row.classId, name: row.className ?? '', sections: [] }));
        if (row.sectionId !== null) cls.sections.push({ sectionId: row.sectionId, name: row.sectionName ?? '' });
      }
      return { staff, institutes };
    },

    /** Sets the classes a teacher in the admin's reach teaches (another's teacher: not found). */
    async assignClassesAs(actor: Actor, input: AssignClassesBody & { reason?: string | undefined }): Promise<StaffMember> {
      const userId = Number(input.userId);
      const target = await deps.scopeOf?.(userId);
      if (!target || !canAssignClasses(actor, target)) throw new AppError(ROLES_ERRORS.ROLES_STAFF_NOT_FOUND);
      const wanted = dedupe(input.classes.map((c) => ({ classId: Number(c.classId), sectionId: c.sectionId === null ? null : Number(c.sectionId) })));
      const found = await repo.classesOfInstitute(
        target.instituteId!,
        wanted.map((c) => c.classId),
        wanted.flatMap((c) => (c.sectionId === null ? [] : [c.sectionId])),
      );
      const valid = wanted.every(
        (c) => found.classIds.includes(c.classId) && (c.sectionId === null || found.sections.some((s) => s.id === c.sectionId && s.classId === c.classId)),
      );
      if (!valid) throw new AppError(ROLES_ERRORS.ROLES_CLASS_NOT_IN_INSTITUTE);
      const before = await repo.listAssignments(userId);
      await repo.replaceAssignments(userId, wanted, (tx) =>
        recordAudit(tx, actor, {
          action: 'roles.assignClasses',
          targetType: 'user',
          targetId: userId,
          targetUserId: userId,
          instituteId: target.instituteId,
          before: { classes: before },
          after: { classes: wanted },
          reason: input.reason || null,
        }),
      );
      deps.onScopeChanged(userId);
      return (await staffMember(userId, { clientId: target.clientId, instituteId: target.instituteId }))!;
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;

function dedupe(assignments: ClassAssignment[]): ClassAssignment[] {
  const seen = new Set<string>();
  return assignments.filter((a) => {
    const key = `${a.classId}:${a.sectionId ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
