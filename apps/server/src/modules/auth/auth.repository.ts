import { and, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { STUDENT_ROLES } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { createBatcher } from '../../lib/batch.js';
import { studentReachWhere } from '../../db/student-reach.js';
import type { StudentReach } from '../../lib/policy.js';
import {
  instituteDirectory,
  loginLinks,
  oneTimeCodes,
  parentLinks,
  rateCounters,
  roleGrants,
  sessions,
  staffTabs,
  studentSignupDetails,
  taughtClasses,
  userDirectory,
  users,
} from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
/** What other modules may change of an account: anything but its id and password (auth.credentials.ts writes that). */
export type AccountChanges = Partial<Omit<NewUserRow, 'id' | 'passwordHash'>>;
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
export type SignupDetailsRow = typeof studentSignupDetails.$inferInsert;

/** The one-time-code purpose of a set-password link (new roster accounts and staff resets). */
export const SET_PASSWORD_PURPOSE = 'set_password';

/** Rows per INSERT statement of a bulk import's links (well under PostgreSQL's 65535 parameters). */
const INSERT_BATCH = 500;

export interface SetPasswordLink {
  id: string;
  userId: number;
  target: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** PostgreSQL unique_violation, as both drivers report it. */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error as { code?: string; cause?: unknown } | undefined;
  while (current && !seen.has(current)) {
    if (current.code === '23505') return true;
    seen.add(current);
    current = current.cause as typeof current;
  }
  return false;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A json column as either driver hands it over (parsed, or as text). */
/** `users.id` in a list, as one array parameter: thousands of ids (a report's students) are one bind, not thousands. */
const idIn = (ids: readonly number[]) => sql`${users.id} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function createAuthRepository(db: Db) {
  // Every signed-in request that misses the session cache runs this: prepared once per
  // connection (PostgreSQL parses and plans it once), and the lookups of requests arriving
  // together go as one statement (a wave of students pressing Start).
  const clientId = sql<string>`coalesce(${instituteDirectory.clientId}, ${users.clientId})`;
  const liveSessions = db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      role: users.role,
      email: users.email,
      username: users.username,
      isActive: users.isActive,
      mustChangePassword: users.mustChangePassword,
      clientId,
      instituteId: users.instituteId,
      classId: users.classId,
      sectionId: users.sectionId,
      classes: sql<unknown>`coalesce((select json_agg(json_build_object('classId', a.class_id, 'sectionId', a.section_id)) from ${taughtClasses} a where a.user_id = ${users.id}), '[]'::json)`,
      children: sql<unknown>`coalesce((select json_agg(pl.student_user_id) from ${parentLinks} pl where pl.parent_user_id = ${users.id}), '[]'::json)`,
      permissions: sql<unknown>`coalesce((select json_agg(rp.permission) from ${roleGrants} rp where rp.client_id = ${clientId} and rp.role = ${users.role}), '[]'::json)`,
      userTabs: sql<unknown>`coalesce((select json_agg(tp.tab_name) from ${staffTabs} tp where tp.user_id = ${users.id}), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(instituteDirectory, eq(instituteDirectory.id, users.instituteId))
    .where(and(sql`${sessions.id} = any(${sql.placeholder('ids')}::uuid[])`, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('auth_live_sessions');
  type LiveSessionRow = Awaited<ReturnType<typeof liveSessions.execute>>[number];

  const findLiveSessionRow = createBatcher<{ sessionId: string; now: Date }, LiveSessionRow | undefined>(async (keys) => {
    // Ids that are not uuids (never issued) would fail the whole statement: they find nothing.
    const ids = [...new Set(keys.map((k) => k.sessionId).filter((id) => UUID.test(id)))];
    if (!ids.length) return keys.map(() => undefined);
    const earliest = keys.reduce((min, k) => (k.now < min ? k.now : min), keys[0]!.now);
    const rows = await liveSessions.execute({ ids, now: earliest.toISOString() });
    const byId = new Map(rows.map((row) => [row.sessionId, row]));
    // Each caller's own "now" decides whether the session is still live for it.
    return keys.map((k) => {
      const row = byId.get(k.sessionId);
      return row && row.expiresAt > k.now ? row : undefined;
    });
  });

  return {
    /** username, e-mail or phone, case-insensitive for the first two. */
    async findUserByLogin(login: string): Promise<UserRow | undefined> {
      const value = login.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(
          or(
            eq(sql`lower(${users.username})`, value),
            eq(sql`lower(${users.email})`, value),
            eq(users.phone, login.trim()),
          ),
        )
        .limit(1);
      return row;
    },

    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
        .limit(1);
      return row;
    },

    async findUserByUsernameOrEmail(value: string): Promise<UserRow | undefined> {
      const lower = value.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.email})`, lower), eq(sql`lower(${users.username})`, lower)))
        .limit(1);
      return row;
    },

    async phoneTaken(phone: string, exceptUserId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, phone), exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async createSession(input: { userId: number; expiresAt: Date; deviceInfo: unknown }): Promise<string> {
      const [row] = await db
        .insert(sessions)
        .values({ userId: input.userId, expiresAt: input.expiresAt, deviceInfo: input.deviceInfo ?? null })
        .returning({ id: sessions.id });
      return row!.id;
    },

    /**
     * A live session with its user's scope, in one query (resolveToken runs it on every cache miss):
     * client and institute, a student's class and section, a teacher's classes, a parent's children,
     * the role's permissions in the client and the user's own tab narrowing.
     */
    async findLiveSession(sessionId: string, now: Date) {
      const found = await findLiveSessionRow({ sessionId, now });
      if (!found) return undefined;
      const { expiresAt: _expiresAt, ...row } = found;
      return {
        ...row,
        classes: parseJson<Array<{ classId: number; sectionId: number | null }>>(row.classes).map((c) => ({
          classId: Number(c.classId),
          sectionId: c.sectionId === null ? null : Number(c.sectionId),
        })),
        children: parseJson<unknown[]>(row.children).map(Number),
        permissions: parseJson<unknown[]>(row.permissions).map(String),
        userTabs: parseJson<unknown[]>(row.userTabs).map(String),
      };
    },

    async revokeSession(sessionId: string, userId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    async revokeAllSessions(userId: number, now: Date): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    async setPassword(userId: number, passwordHash: string, now: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    },

    // Credentials other modules write in their own transaction (`q`): auth.credentials.ts.

    async writePassword(q: Db, userId: number, values: { passwordHash: string; mustChangePassword: boolean; emailVerified?: boolean; updatedAt: Date }): Promise<void> {
      await q.update(users).set(values).where(eq(users.id, userId));
    },

    async findPasswordOf(id: number) {
      const [row] = await db.select({ passwordHash: users.passwordHash, mustChangePassword: users.mustChangePassword }).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async revokeSessionsOf(q: Db, userId: number, now: Date, exceptSessionId?: string): Promise<void> {
      await q
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : sql`true`));
    },

    async insertSetPasswordLinks(q: Db, links: SetPasswordLink[]): Promise<void> {
      for (let i = 0; i < links.length; i += INSERT_BATCH) {
        const batch = links.slice(i, i + INSERT_BATCH);
        await q.insert(oneTimeCodes).values(
          batch.map((link) => ({
            id: link.id,
            purpose: SET_PASSWORD_PURPOSE,
            target: link.target,
            userId: link.userId,
            codeHash: link.tokenHash,
            createdAt: link.createdAt,
            expiresAt: link.expiresAt,
          })),
        );
      }
    },

    /** Earlier unused set-password links of a user stop working when a new one is sent. */
    async retireSetPasswordLinks(q: Db, userId: number, now: Date): Promise<void> {
      await q
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, SET_PASSWORD_PURPOSE), isNull(oneTimeCodes.consumedAt)));
    },

    async findSetPasswordLink(id: string) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.id, id), eq(oneTimeCodes.purpose, SET_PASSWORD_PURPOSE)))
        .limit(1);
      return row;
    },

    /** Uses the link once; false when another request used it first. */
    async consumeSetPasswordLink(q: Db, id: string, now: Date): Promise<boolean> {
      const rows = await q
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
        .returning({ id: oneTimeCodes.id });
      return rows.length > 0;
    },

    // Accounts other modules write in their own transaction (`q`): auth.accounts.ts.

    async insertAccounts(q: Db, rows: NewUserRow[]): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        const inserted = await q.insert(users).values(rows.slice(i, i + INSERT_BATCH)).returning({ id: users.id });
        ids.push(...inserted.map((row) => row.id));
      }
      return ids;
    },

    async updateAccount(q: Db, userId: number, values: AccountChanges): Promise<void> {
      await q.update(users).set(values).where(eq(users.id, userId));
    },

    /** False when the link was there already. */
    async insertParentLink(q: Db, parentUserId: number, studentUserId: number): Promise<boolean> {
      const rows = await q.insert(parentLinks).values({ parentUserId, studentUserId }).onConflictDoNothing().returning({ id: parentLinks.parentUserId });
      return rows.length > 0;
    },

    /** False when there was no such link. */
    async deleteParentLink(q: Db, parentUserId: number, studentUserId: number): Promise<boolean> {
      const rows = await q
        .delete(parentLinks)
        .where(and(eq(parentLinks.parentUserId, parentUserId), eq(parentLinks.studentUserId, studentUserId)))
        .returning({ id: parentLinks.parentUserId });
      return rows.length > 0;
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

    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Db));
    },

    async createStudentAccount(user: NewUserRow, details: Omit<SignupDetailsRow, 'userId'>): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(user).returning();
        await tx.insert(studentSignupDetails).values({ ...details, userId: row!.id });
        return row!;
      });
    },

    async createUser(user: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      return row!;
    },

    /** Student accounts a staff reach covers (lib/policy.ts studentReachOf), by name. */
    async listStudentsInReach(reach: StudentReach, limit: number) {
      return db
        .select({ id: userDirectory.id, username: userDirectory.username, firstName: userDirectory.firstName, lastName: userDirectory.lastName })
        .from(userDirectory)
        .leftJoin(instituteDirectory, eq(instituteDirectory.id, userDirectory.instituteId))
        .where(and(inArray(userDirectory.role, [...STUDENT_ROLES]), studentReachWhere(reach)))
        .orderBy(userDirectory.firstName, userDirectory.lastName, userDirectory.id)
        .limit(limit);
    },

    async listUserNames(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(idIn(ids));
    },

    listChildren: (parentUserId: number) =>
      db
        .select({
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
        })
        .from(parentLinks)
        .innerJoin(users, eq(users.id, parentLinks.studentUserId))
        .where(eq(parentLinks.parentUserId, parentUserId))
        .orderBy(users.id),

    /** Where a user belongs, for the policies (lib/policy.ts StudentScope). */
    async findUserScope(userId: number) {
      const [row] = await db
        .select({
          userId: users.id,
          role: users.role,
          clientId: sql<string>`coalesce(${instituteDirectory.clientId}, ${users.clientId})`,
          instituteId: users.instituteId,
          classId: users.classId,
          sectionId: users.sectionId,
        })
        .from(users)
        .leftJoin(instituteDirectory, eq(instituteDirectory.id, users.instituteId))
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** findUserScope for many users at once. */
    async findUserScopes(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({
          userId: users.id,
          role: users.role,
          clientId: sql<string>`coalesce(${instituteDirectory.clientId}, ${users.clientId})`,
          instituteId: users.instituteId,
          classId: users.classId,
          sectionId: users.sectionId,
        })
        .from(users)
        .leftJoin(instituteDirectory, eq(instituteDirectory.id, users.instituteId))
        .where(idIn(userIds));
    },

    async linkParent(parentUserId: number, studentUserId: number): Promise<void> {
      await db.insert(parentLinks).values({ parentUserId, studentUserId }).onConflictDoNothing();
    },

    // One-time codes

    async insertCode(row: typeof oneTimeCodes.$inferInsert): Promise<string> {
      const [inserted] = await db.insert(oneTimeCodes).values(row).returning({ id: oneTimeCodes.id });
      return inserted!.id;
    },

    async countCodesSince(purpose: string, target: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(oneTimeCodes)
        .where(
          and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.target, target), gte(oneTimeCodes.createdAt, since)),
        );
      return Number(row?.n ?? 0);
    },

    async findCode(id: string, purpose: string): Promise<OneTimeCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.id, id), eq(oneTimeCodes.purpose, purpose)))
        .limit(1);
      return row;
    },

    async findNewestCodeFor(purpose: string, target: string, userId: number): Promise<OneTimeCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.target, target), eq(oneTimeCodes.userId, userId)))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row;
    },

    /** Counts a wrong try; returns the new count, or undefined when the code is no longer live. */
    async addCodeAttempt(id: string, maxAttempts: number): Promise<number | undefined> {
      const [row] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.attempts, maxAttempts)))
        .returning({ attempts: oneTimeCodes.attempts });
      return row?.attempts;
    },

    /** Marks a code used; false when it was used (or is used by a concurrent request) already. */
    async consumeCode(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, now)))
        .returning({ id: oneTimeCodes.id });
      return rows.length > 0;
    },

    // Login links

    /** Stores a link; `audit` runs in the same transaction, so a link is never issued unrecorded. */
    async insertLoginLink(row: typeof loginLinks.$inferInsert, audit?: (tx: Db) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(loginLinks).values(row);
        await audit?.(tx as unknown as Db);
      });
    },

    /** Uses a live link once; returns its user and course. */
    async useLoginLink(tokenHash: string, now: Date) {
      const [row] = await db
        .update(loginLinks)
        .set({ usedAt: now })
        .where(and(eq(loginLinks.tokenHash, tokenHash), isNull(loginLinks.usedAt), gt(loginLinks.expiresAt, now)))
        .returning({ userId: loginLinks.userId, courseId: loginLinks.courseId });
      return row;
    },

    // Rate counters (fixed windows)

    /** Adds one to `key`'s window (a new window once the old one is over); returns the count. */
    async hit(key: string, now: Date, windowMs: number): Promise<number> {
      const windowStartFloor = new Date(now.getTime() - windowMs);
      const [row] = await db
        .insert(rateCounters)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateCounters.key,
          set: {
            count: sql`CASE WHEN ${rateCounters.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz THEN 1 ELSE ${rateCounters.count} + 1 END`,
            windowStart: sql`CASE WHEN ${rateCounters.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE ${rateCounters.windowStart} END`,
          },
        })
        .returning({ count: rateCounters.count });
      return row!.count;
    },

    async countIn(key: string, now: Date, windowMs: number): Promise<number> {
      const [row] = await db.select().from(rateCounters).where(eq(rateCounters.key, key)).limit(1);
      if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return 0;
      return row.count;
    },

    async clearCounter(key: string): Promise<void> {
      await db.delete(rateCounters).where(eq(rateCounters.key, key));
    },

    /** Deletes one-time codes and sign-in links that expired, and counters whose window began, before `before`. */
    async purgeExpired(before: Date): Promise<{ codes: number; loginLinks: number; counters: number }> {
      const codes = await db
        .delete(oneTimeCodes)
        .where(lt(oneTimeCodes.expiresAt, before))
        .returning({ id: oneTimeCodes.id });
      const links = await db
        .delete(loginLinks)
        .where(lt(loginLinks.expiresAt, before))
        .returning({ id: loginLinks.id });
      const counters = await db
        .delete(rateCounters)
        .where(lt(rateCounters.windowStart, before))
        .returning({ key: rateCounters.key });
      return { codes: codes.length, loginLinks: links.length, counters: counters.length };
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
