import { and, asc, eq, inArray } from 'drizzle-orm';
import { STUDENT_ROLES } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { classDirectory, sectionDirectory, users } from '../../db/schema/index.js';

/**
 * The accounts an exam centre copies (decision 099): the central server's roster of a window, with
 * each student's password hash so that they sign in at the centre with their own password, and on
 * the centre the accounts made, updated and turned off from it. Each call runs on the `db` given,
 * the centre's transaction.
 */
export function createAccountCopies(db: Db) {
  return {
    /** Active students of the institute in a window's class and section (when it names them). */
    async rosterOf(instituteId: number, target: { classId: number | null; sectionId: number | null }) {
      return db
        .select({
          userId: users.id,
          username: users.username,
          email: users.email,
          phone: users.phone,
          passwordHash: users.passwordHash,
          role: users.role,
          firstName: users.firstName,
          lastName: users.lastName,
          rollNumber: users.rollNumber,
          classId: users.classId,
          className: classDirectory.name,
          sectionId: users.sectionId,
          sectionName: sectionDirectory.name,
          languageId: users.languageId,
          clientId: users.clientId,
        })
        .from(users)
        .leftJoin(classDirectory, eq(classDirectory.id, users.classId))
        .leftJoin(sectionDirectory, eq(sectionDirectory.id, users.sectionId))
        .where(
          and(
            eq(users.instituteId, instituteId),
            inArray(users.role, [...STUDENT_ROLES]),
            eq(users.isActive, true),
            target.classId === null ? undefined : eq(users.classId, target.classId),
            target.sectionId === null ? undefined : eq(users.sectionId, target.sectionId),
          ),
        )
        .orderBy(asc(users.id));
    },

    /** Copied accounts as they are now. */
    async byIds(ids: number[]) {
      if (!ids.length) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },

    async update(id: number, values: Partial<typeof users.$inferInsert>) {
      await db.update(users).set(values).where(eq(users.id, id));
    },

    /**
     * Accounts made in one statement; one whose username, e-mail, phone or roll number an account
     * holds already is left out. The ids and usernames of those made.
     */
    async insertCopies(rows: Array<typeof users.$inferInsert>) {
      if (!rows.length) return [];
      return db.insert(users).values(rows).onConflictDoNothing().returning({ id: users.id, username: users.username });
    },

    /** Turns the accounts off. */
    async deactivate(ids: number[]) {
      if (!ids.length) return;
      await db.update(users).set({ isActive: false }).where(inArray(users.id, ids));
    },
  };
}

export type AccountCopies = ReturnType<typeof createAccountCopies>;
