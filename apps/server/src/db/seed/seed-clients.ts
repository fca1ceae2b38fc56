import type { AppDeps } from '../../deps.js';
import { createRolesRepository } from '../../modules/roles/roles.repository.js';
import { createRolesService, DEFAULT_CLIENT } from '../../modules/roles/roles.service.js';

/**
 * Not demo data: every start makes sure the default client, and every client that accounts or
 * institutes name, exists with its roles' permissions (today's menus). A client that exists is
 * never reset, so permissions taken from a role stay taken; an action added to the catalogue since
 * is granted to the roles it defaults to, once. Idempotent.
 */
export async function seedClients({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const roles = createRolesService({ repo: createRolesRepository(db), onScopeChanged: () => undefined });
  await roles.ensureClient(DEFAULT_CLIENT);
  await roles.ensureKnownClients();
  await roles.upgradeClients();
}
