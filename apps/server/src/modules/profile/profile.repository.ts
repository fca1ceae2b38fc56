import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parentInfo, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { recordAudit, type AuditEntry } from '../../lib/audit.js';

export type ProfileUserRow = typeof users.$inferSelect;
export type ParentInfoRow = typeof parentInfo.$inferSelect;

export function createProfileRepository(db: Db) {
  return {
    async findUser(id: number): Promise<ProfileUserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async phoneTakenByOther(phone: string, userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.phone} = ${phone} AND ${users.id} <> ${userId}`)
        .limit(1);
      return rows.length > 0;
    },

    /** Saves the profile; with `audited`, the audit entry is written in the same transaction. */
    async updateProfile(userId: number, values: Partial<typeof users.$inferInsert>, audited?: { actor: Actor; entry: AuditEntry }): Promise<ProfileUserRow> {
      if (!audited) {
        const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
        return row!;
      }
      return db.transaction(async (tx) => {
        const [row] = await tx.update(users).set(values).where(eq(users.id, userId)).returning();
        await recordAudit(tx as unknown as Db, audited.actor, audited.entry);
        return row!;
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
