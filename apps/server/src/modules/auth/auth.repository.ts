import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export function createAuthRepository(db: Db) {
  return {
    /** username, e-mail or phone, case-insensitive for the first two. */
    async findUserByLogin(login: string): Promise<UserRow | undefined> {
      const value = login.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value), eq(users.phone, login.trim())))
        .limit(1);
      return row;
    },

    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async createSession(input: { userId: number; expiresAt: Date; deviceInfo: unknown }): Promise<string> {
      const [row] = await db
        .insert(sessions)
        .values({ userId: input.userId, expiresAt: input.expiresAt, deviceInfo: input.deviceInfo ?? null })
        .returning({ id: sessions.id });
      return row!.id;
    },

    async findLiveSession(sessionId: string, now: Date) {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: users.id,
          role: users.role,
          email: users.email,
          username: users.username,
          isActive: users.isActive,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },

    async revokeSession(sessionId: string, userId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
