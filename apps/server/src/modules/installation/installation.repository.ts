import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { instituteDirectory, userDirectory } from '../../db/schema/index.js';
import type { Accounts } from '../auth/auth.accounts.js';
import type { NewUserRow } from '../auth/auth.repository.js';
import type { LookupsService } from '../lookups/lookups.service.js';

/** The accounts are auth's and the institutes the lookups': written through them (decision 093). */
export interface InstallationOwners {
  accounts: Pick<Accounts, 'create'>;
  lookups: Pick<LookupsService, 'ensureInstitute'>;
}

export function createInstallationRepository(db: Db, owners: InstallationOwners) {
  return {
    /** Active accounts holding one of the roles. */
    async countActive(roles: readonly string[]): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(userDirectory)
        .where(and(inArray(userDirectory.role, [...roles]), eq(userDirectory.isActive, true)));
      return Number(row?.count ?? 0);
    },

    /** An account already signing in with this username or e-mail (case-insensitive), as either. */
    async findLoginClash(username: string, email: string | null): Promise<{ username: string } | undefined> {
      const names = [username.toLowerCase(), ...(email ? [email.toLowerCase()] : [])];
      const [row] = await db
        .select({ username: userDirectory.username })
        .from(userDirectory)
        .where(or(inArray(sql`lower(${userDirectory.username})`, names), inArray(sql`lower(${userDirectory.email})`, names)))
        .limit(1);
      return row;
    },

    async findInstituteByName(name: string): Promise<{ id: number; clientId: string } | undefined> {
      const [row] = await db.select({ id: instituteDirectory.id, clientId: instituteDirectory.clientId }).from(instituteDirectory).where(eq(instituteDirectory.name, name)).limit(1);
      return row;
    },

    /**
     * The institute (made when it does not exist) and the administrator, in one transaction: a
     * failure leaves neither.
     */
    async createInstituteAndAdmin(
      institute: { name: string; clientId: string; city: string | null },
      admin: Omit<NewUserRow, 'instituteId'>,
    ): Promise<{ instituteId: number; userId: number; instituteCreated: boolean }> {
      return db.transaction(async (tx) => {
        const created = await owners.lookups.ensureInstitute(tx as unknown as Db, institute);
        const [userId] = await owners.accounts.create(tx as unknown as Db, [{ ...admin, instituteId: created.id }]);
        return { instituteId: created.id, userId: userId!, instituteCreated: created.created };
      });
    },
  };
}

export type InstallationRepository = ReturnType<typeof createInstallationRepository>;
