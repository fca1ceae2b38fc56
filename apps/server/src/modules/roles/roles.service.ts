import { DEFAULT_ROLE_PERMISSIONS, ROLES, isPermission, permissionsOfTabs, type Permission, type Role } from '@app/contracts';
import type { ClassAssignment } from '../../lib/actor.js';
import type { RolesRepository } from './roles.repository.js';

export interface RolesServiceDeps {
  repo: RolesRepository;
  /** Signed-in sessions must load their scope again (all of them, or one user's). */
  onScopeChanged: (userId?: number) => void;
}

/** The client every account and institute belongs to unless told otherwise (users.client_id default). */
export const DEFAULT_CLIENT = { id: 'neetprep', name: 'NEET Prep' } as const;

/**
 * Clients, the permissions each role holds in a client (permissions as data, docs/decisions/011)
 * and the classes staff teach. No screens yet: seeds, tests and future back-office calls use it.
 */
export function createRolesService(deps: RolesServiceDeps) {
  const { repo } = deps;

  const defaultRows = () => ROLES.flatMap((role) => DEFAULT_ROLE_PERMISSIONS[role].map((permission) => ({ role, permission })));

  return {
    /** Creates a client with today's menus as its roles' permissions; an existing client is left as it is. */
    ensureClient(client: { id: string; name: string }): Promise<boolean> {
      return repo.insertClient(client, defaultRows());
    },

    /** Every client id that accounts or institutes name gets its clients row (and default permissions). */
    async ensureKnownClients(): Promise<string[]> {
      const created: string[] = [];
      for (const id of await repo.listUnknownClientIds()) {
        if (await repo.insertClient({ id, name: id }, defaultRows())) created.push(id);
      }
      return created;
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
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
