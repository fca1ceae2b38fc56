import type { AppDeps } from '../../deps.js';
import { seedAccounts } from './seed-accounts.js';
import { seedClients } from './seed-clients.js';
import { seedLookups } from './seed-lookups.js';
import { seedWorkspace } from './seed-workspace.js';
import { seedAcademy } from './seed-academy.js';

/**
 * Demo data, idempotent: each seeder checks what is there before it writes, so starting the
 * server again changes nothing. Order matters where one seeder uses another's rows.
 */
export async function seedDemoData(deps: AppDeps): Promise<void> {
  await seedLookups(deps);
  await seedAccounts(deps);
  await seedClients(deps);
  await seedWorkspace(deps);
  await seedAcademy(deps);
}
