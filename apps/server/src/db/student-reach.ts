import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { StudentReach } from '../lib/policy.js';
import { instituteDirectory, userDirectory } from './schema/index.js';

/** The student's client, as the policies see it: the institute's client, else the account's. */
export const studentClientId = sql<string>`coalesce(${instituteDirectory.clientId}, ${userDirectory.clientId})`;

/**
 * A WHERE clause for `userDirectory` (left-joined with `instituteDirectory` on institute_id) that keeps the
 * students a reach covers (lib/policy.ts `studentReachOf`), for list queries of any repository.
 */
export function studentReachWhere(reach: StudentReach): SQL {
  switch (reach.kind) {
    case 'none':
      return sql`false`;
    case 'client':
      return eq(studentClientId, reach.clientId);
    case 'institute': {
      const inInstitute = and(eq(userDirectory.instituteId, reach.instituteId), eq(studentClientId, reach.clientId))!;
      if (reach.classes.length === 0) return inInstitute;
      const inClasses = or(
        ...reach.classes.map((c) => (c.sectionId === null ? eq(userDirectory.classId, c.classId) : and(eq(userDirectory.classId, c.classId), eq(userDirectory.sectionId, c.sectionId)))),
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
  return sql`${userId} in (select ${userDirectory.id} from ${userDirectory} left join ${instituteDirectory} on ${instituteDirectory.id} = ${userDirectory.instituteId} where ${studentReachWhere(reach)})`;
}
