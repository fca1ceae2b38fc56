import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { StudentReach } from '../lib/policy.js';
import { institutes, users } from './schema/index.js';

/** The student's client, as the policies see it: the institute's client, else the account's. */
export const studentClientId = sql<string>`coalesce(${institutes.clientId}, ${users.clientId})`;

/**
 * A WHERE clause for `users` (left-joined with `institutes` on users.institute_id) that keeps the
 * students a reach covers (lib/policy.ts `studentReachOf`), for list queries of any repository.
 */
export function studentReachWhere(reach: StudentReach): SQL {
  switch (reach.kind) {
    case 'none':
      return sql`false`;
    case 'client':
      return eq(studentClientId, reach.clientId);
    case 'institute': {
      const inInstitute = and(eq(users.instituteId, reach.instituteId), eq(studentClientId, reach.clientId))!;
      if (reach.classes.length === 0) return inInstitute;
      const inClasses = or(
        ...reach.classes.map((c) => (c.sectionId === null ? eq(users.classId, c.classId) : and(eq(users.classId, c.classId), eq(users.sectionId, c.sectionId)))),
      )!;
      return and(inInstitute, inClasses)!;
    }
  }
}

/**
 * `userId IN (the students the reach covers)`, for a repository whose own table holds only the
 * user id (the exam's attempts): the accounts are read here, not by that repository.
 */
export function userIdInReach(userId: AnyColumn, reach: StudentReach): SQL {
  if (reach.kind === 'none') return sql`false`;
  return sql`${userId} in (select ${users.id} from ${users} left join ${institutes} on ${institutes.id} = ${users.instituteId} where ${studentReachWhere(reach)})`;
}
