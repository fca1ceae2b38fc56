import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { institutes, users } from '../../db/schema/index.js';

export function createInstallationRepository(db: Db) {
  return {
    /** Active accounts holding one of the roles. */
    async countActive(roles: readonly string[]): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(and(inArray(users.role, [...roles]), eq(users.isActive, true)));
      return Number(row?.count ?? 0);
    },

    /** The password hashes of the active accounts among these username and e-mail pairs. */
    async activeHashesOf(accounts: ReadonlyArray<{ username: string; email: string }>): Promise<string[]> {
      if (accounts.length === 0) return [];
      const rows = await db
        .select({ username: users.username, email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(and(eq(users.isActive, true), inArray(users.username, accounts.map((a) => a.username))));
      return rows.filter((row) => accounts.some((a) => a.username === row.username && a.email === row.email)).map((row) => row.passwordHash);
    },

    /** An account already signing in with this username or e-mail (case-insensitive), as either. */
    async findLoginClash(username: string, email: string | null): Promise<{ username: string } | undefined> {
      const names = [username.toLowerCase(), ...(email ? [email.toLowerCase()] : [])];
      const [row] = await db
        .select({ username: users.username })
        .from(users)
        .where(or(inArray(sql`lower(${users.username})`, names), inArray(sql`lower(${users.email})`, names)))
        .limit(1);
      return row;
    },

    async findInstituteByName(name: string): Promise<{ id: number; clientId: string } | undefined> {
      const [row] = await db.select({ id: institutes.id, clientId: institutes.clientId }).from(institutes).where(eq(institutes.name, name)).limit(1);
      return row;
    },

    /**
     * The institute (made when it does not exist) and the administrator, in one transaction: a
     * failure leaves neither.
     */
    async createInstituteAndAdmin(
      institute: { name: string; clientId: string; city: string | null },
      admin: Omit<typeof users.$inferInsert, 'instituteId'>,
    ): Promise<{ instituteId: number; userId: number; instituteCreated: boolean }> {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: institutes.id }).from(institutes).where(eq(institutes.name, institute.name)).limit(1);
        const instituteId = existing?.id ?? (await tx.insert(institutes).values(institute).returning({ id: institutes.id }))[0]!.id;
        const [user] = await tx
          .insert(users)
          .values({ ...admin, instituteId })
          .returning({ id: users.id });
        return { instituteId, userId: user!.id, instituteCreated: !existing };
      });
    },
  };
}

export type InstallationRepository = ReturnType<typeof createInstallationRepository>;
