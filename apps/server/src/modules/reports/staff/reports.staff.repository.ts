import { and, asc, desc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { attemptSummaries, classDirectory, courseDirectory, instituteDirectory, sectionDirectory, taskHeads, userDirectory } from '../../../db/schema/index.js';
import { studentReachWhere, userIdInReach } from '../../../db/student-reach.js';
import type { StudentReach } from '../../../lib/policy.js';

/**
 * The staff reports' reads: attempt summaries of the students a reach covers, narrowed in SQL
 * (lib/policy.ts `studentReachOf` → db/student-reach.ts), and the names to show beside them.
 */
export function createStaffReportsRepository(db: Db) {
  /** A course's own test, not one made for one student (a notebook re-test, decision 081): class figures never count those. */
  const everyonesTest = sql`not exists (select 1 from ${taskHeads} where ${taskHeads.id} = ${attemptSummaries.taskId} and ${taskHeads.ownerUserId} is not null)`;
  const inReach = (reach: StudentReach): SQL => and(userIdInReach(attemptSummaries.userId, reach), everyonesTest)!;

  return {
    /** Written answers waiting for a mark, and the attempts that hold them. */
    async pendingMarking(reach: StudentReach): Promise<{ answers: number; attempts: number }> {
      const [row] = await db
        .select({ answers: sql<number>`coalesce(sum(${attemptSummaries.pending}), 0)::int`, attempts: sql<number>`count(*)::int` })
        .from(attemptSummaries)
        .where(and(gt(attemptSummaries.pending, 0), inReach(reach)));
      return { answers: Number(row?.answers ?? 0), attempts: Number(row?.attempts ?? 0) };
    },

    /** The tests with the latest first-attempt submissions: count, mean, top, total. */
    async recentTasks(reach: StudentReach, limit: number) {
      const last = sql<Date>`max(${attemptSummaries.submittedAt})`;
      const rows = await db
        .select({
          taskId: attemptSummaries.taskId,
          attempts: sql<number>`count(*)::int`,
          mean: sql<number>`avg(${attemptSummaries.scored})::float8`,
          top: sql<number>`max(${attemptSummaries.scored})::float8`,
          total: sql<number>`max(${attemptSummaries.total})::float8`,
          lastSubmittedAt: last,
        })
        .from(attemptSummaries)
        .where(and(eq(attemptSummaries.isFirstAttempt, true), inReach(reach)))
        .groupBy(attemptSummaries.taskId)
        .orderBy(desc(last))
        .limit(limit);
      return rows.map((r) => ({ ...r, attempts: Number(r.attempts), mean: Number(r.mean), top: Number(r.top), total: Number(r.total), lastSubmittedAt: new Date(r.lastSubmittedAt) }));
    },

    /** First attempts submitted since a date, oldest first (trends). */
    async scoresSince(reach: StudentReach, since: Date) {
      return db
        .select({ userId: attemptSummaries.userId, taskId: attemptSummaries.taskId, scored: attemptSummaries.scored, total: attemptSummaries.total, submittedAt: attemptSummaries.submittedAt })
        .from(attemptSummaries)
        .where(and(eq(attemptSummaries.isFirstAttempt, true), gte(attemptSummaries.submittedAt, since), inReach(reach)))
        .orderBy(asc(attemptSummaries.submittedAt), asc(attemptSummaries.attemptId));
    },

    /** Which of these students submitted which of these tests (any attempt). */
    async takenPairs(userIds: number[], taskIds: number[]): Promise<Set<string>> {
      if (!userIds.length || !taskIds.length) return new Set();
      const rows = await db
        .selectDistinct({ userId: attemptSummaries.userId, taskId: attemptSummaries.taskId })
        .from(attemptSummaries)
        .where(and(inArray(attemptSummaries.userId, userIds), inArray(attemptSummaries.taskId, taskIds)));
      return new Set(rows.map((r) => `${r.userId}:${r.taskId}`));
    },

    /** Student accounts in reach with their class and section (at-risk and the matrix's rows). */
    async studentsInReach(reach: StudentReach, filter: { classId?: number; sectionId?: number }, limit: number) {
      return db
        .select({
          id: userDirectory.id,
          username: userDirectory.username,
          firstName: userDirectory.firstName,
          lastName: userDirectory.lastName,
          instituteId: userDirectory.instituteId,
          classId: userDirectory.classId,
          sectionId: userDirectory.sectionId,
          sectionName: sectionDirectory.name,
        })
        .from(userDirectory)
        .leftJoin(instituteDirectory, eq(instituteDirectory.id, userDirectory.instituteId))
        .leftJoin(sectionDirectory, eq(sectionDirectory.id, userDirectory.sectionId))
        .where(
          and(
            inArray(userDirectory.role, ['Student', 'SchoolStudent']),
            eq(userDirectory.isActive, true),
            studentReachWhere(reach),
            filter.classId ? eq(userDirectory.classId, filter.classId) : undefined,
            filter.sectionId ? eq(userDirectory.sectionId, filter.sectionId) : undefined,
          ),
        )
        .orderBy(asc(userDirectory.firstName), asc(userDirectory.lastName), asc(userDirectory.id))
        .limit(limit);
    },

    /** Classes of institutes (with their sections and the institute's client and name). */
    async classesOf(where: { clientId: string; instituteId?: number }) {
      const rows = await db
        .select({ id: classDirectory.id, name: classDirectory.name, instituteId: classDirectory.instituteId, instituteName: instituteDirectory.name, clientId: instituteDirectory.clientId, sectionId: sectionDirectory.id, sectionName: sectionDirectory.name })
        .from(classDirectory)
        .innerJoin(instituteDirectory, eq(instituteDirectory.id, classDirectory.instituteId))
        .leftJoin(sectionDirectory, eq(sectionDirectory.classId, classDirectory.id))
        .where(and(eq(instituteDirectory.clientId, where.clientId), where.instituteId ? eq(classDirectory.instituteId, where.instituteId) : undefined))
        .orderBy(asc(instituteDirectory.name), asc(classDirectory.name), asc(classDirectory.id), asc(sectionDirectory.name));
      const out = new Map<number, { id: number; name: string; instituteId: number; instituteName: string; clientId: string; sections: { id: number; name: string }[] }>();
      for (const r of rows) {
        const c = out.get(r.id) ?? { id: r.id, name: r.name, instituteId: r.instituteId, instituteName: r.instituteName, clientId: r.clientId, sections: [] };
        if (r.sectionId !== null && r.sectionName !== null) c.sections.push({ id: r.sectionId, name: r.sectionName });
        out.set(r.id, c);
      }
      return [...out.values()];
    },

    /** First attempts of these students, optionally of one course's tests. */
    async firstAttemptsOf(userIds: number[], courseId?: number) {
      if (!userIds.length) return [];
      return db
        .select({ userId: attemptSummaries.userId, taskId: attemptSummaries.taskId, scored: attemptSummaries.scored, total: attemptSummaries.total, submittedAt: attemptSummaries.submittedAt })
        .from(attemptSummaries)
        .where(and(eq(attemptSummaries.isFirstAttempt, true), inArray(attemptSummaries.userId, userIds), courseId ? eq(attemptSummaries.courseId, courseId) : undefined, everyonesTest))
        .orderBy(asc(attemptSummaries.submittedAt));
    },

    /** Courses whose tests students in reach have taken. */
    async coursesTaken(reach: StudentReach) {
      return db
        .selectDistinct({ id: courseDirectory.id, name: courseDirectory.name })
        .from(attemptSummaries)
        .innerJoin(courseDirectory, eq(courseDirectory.id, attemptSummaries.courseId))
        .where(inReach(reach))
        .orderBy(asc(courseDirectory.name));
    },

    /** Test names with their course's name. */
    async testNames(taskIds: number[]): Promise<Map<number, { name: string; courseName: string }>> {
      if (!taskIds.length) return new Map();
      const rows = await db
        .select({ id: taskHeads.id, name: taskHeads.name, courseName: courseDirectory.name })
        .from(taskHeads)
        .innerJoin(courseDirectory, eq(courseDirectory.id, taskHeads.courseId))
        .where(inArray(taskHeads.id, [...new Set(taskIds)]));
      return new Map(rows.map((r) => [r.id, { name: r.name, courseName: r.courseName }]));
    },

    /**
     * Who holds a first attempt of a test (the service keeps those the caller reaches), with the
     * row's version: PostgreSQL's `xmin`, the transaction that last wrote it, which every close,
     * mark and regrade changes in any process (the statistics cache's stamp).
     */
    async firstAttemptOwners(taskId: number) {
      return db
        .select({ attemptId: attemptSummaries.attemptId, userId: attemptSummaries.userId, version: sql<string>`${attemptSummaries}.xmin::text` })
        .from(attemptSummaries)
        .where(and(eq(attemptSummaries.taskId, taskId), eq(attemptSummaries.isFirstAttempt, true)));
    },

    /**
     * These attempts with their questions as comma-separated lists (parsing thousands of arrays of
     * 180 numbers element by element costs more than the query). The questionTaskMapIDs come as
     * null when they are the test's own list, in its order (no random draw): read once, not 5,000 times.
     */
    async attemptItems(attemptIds: string[], testMapIds: number[]) {
      if (!attemptIds.length) return [];
      const sameAsTest = sql`${attemptSummaries.itemMapIds} = ${`{${testMapIds.join(',')}}`}::integer[]`;
      return db
        .select({
          attemptId: attemptSummaries.attemptId,
          userId: attemptSummaries.userId,
          correct: attemptSummaries.correct,
          wrong: attemptSummaries.wrong,
          skipped: attemptSummaries.skipped,
          submittedAt: attemptSummaries.submittedAt,
          itemMapIds: sql<string | null>`case when ${sameAsTest} then null else array_to_string(${attemptSummaries.itemMapIds}, ',') end`,
          itemMarks: sql<string>`array_to_string(${attemptSummaries.itemMarks}, ',')`,
          itemStatuses: attemptSummaries.itemStatuses,
          itemChoices: sql<string>`array_to_string(${attemptSummaries.itemChoices}, ',')`,
        })
        .from(attemptSummaries)
        .where(sql`${attemptSummaries.attemptId} = any(${`{${attemptIds.map((id) => `"${id.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`)
        .orderBy(asc(attemptSummaries.attemptId));
    },
  };
}

export type StaffReportsRepository = ReturnType<typeof createStaffReportsRepository>;
