import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parentInfo, userDirectory } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { recordAudit, type AuditEntry } from '../../lib/audit.js';
import type { Accounts } from '../auth/auth.accounts.js';
import type { AccountChanges } from '../auth/auth.repository.js';

export type ProfileUserRow = typeof userDirectory.$inferSelect;
export type ParentInfoRow = typeof parentInfo.$inferSelect;

/** The account is auth's: read through its directory, changed through auth's account writes (decision 093). */
export function createProfileRepository(db: Db, accounts: Pick<Accounts, 'update'>) {
  const findUser = async (id: number, q: Db = db): Promise<ProfileUserRow | undefined> => {
    const [row] = await q.select().from(userDirectory).where(eq(userDirectory.id, id)).limit(1);
    return row;
  };

  return {
    findUser: (id: number) => findUser(id),

    async phoneTakenByOther(phone: string, userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: userDirectory.id })
        .from(userDirectory)
        .where(sql`${userDirectory.phone} = ${phone} AND ${userDirectory.id} <> ${userId}`)
        .limit(1);
      return rows.length > 0;
    },

    /** Saves the profile; with `audited`, the audit entry is written in the same transaction. */
    async updateProfile(userId: number, values: AccountChanges, audited?: { actor: Actor; entry: AuditEntry }): Promise<ProfileUserRow> {
      return db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        await accounts.update(q, userId, values);
        if (audited) await recordAudit(q, audited.actor, audited.entry);
        return (await findUser(userId, q))!;
      });
    },

    async findParentInfo(studentUserId: number): Promise<ParentInfoRow | undefined> {
      const [row] = await db.select().from(parentInfo).where(eq(parentInfo.studentUserId, studentUserId)).limit(1);
      return row;
    },

    async upsertParentInfo(row: typeof parentInfo.$inferInsert): Promise<ParentInfoRow> {
      const { studentUserId: _id, ...rest } = row;
      const [saved] = await db
        .insert(parentInfo)
        .values(row)
        .onConflictDoUpdate({ target: parentInfo.studentUserId, set: rest })
        .returning();
      return saved!;
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
