import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/raw-rows.js';
import {
  attemptSummaries,
  summaryLayouts,
  classDirectory,
  courseDirectory,
  instituteDirectory,
  languageDirectory,
  parentDigestSends,
  parentDigestSettings,
  familyLinks,
  studentCourseTotals,
  studentSubjectTotals,
  completedTasks,
  studyTimeByCourse,
  studyTimeByDay,
  taskHeads,
  userDirectory,
} from '../../../db/schema/index.js';

const STUDENT_ROLES_SQL = sql`('Student', 'SchoolStudent')`;
/** A first attempt's score as a percentage of its total. */
const percentage = sql.raw('CASE WHEN s.total > 0 THEN s.scored / s.total * 100 ELSE 0 END');
/** The summary `s` is of a course's own test, not one made for one student (a notebook re-test, decision 081). */
const everyonesTest = sql.raw('NOT EXISTS (SELECT 1 FROM task_heads ot WHERE ot.id = s.task_id AND ot.owner_user_id IS NOT NULL)');


/**
 * Read models of the family and institution reports. The institute's figures are aggregated in
 * SQL over attempt summaries joined with where their students belong (one institute's students
 * only: the institute id is in every WHERE clause; the service checks the institute's client).
 */
export function createFamilyReportsRepository(db: Db) {
  return {
    async institute(instituteId: number) {
      const [row] = await db.select({ name: instituteDirectory.name, clientId: instituteDirectory.clientId }).from(instituteDirectory).where(eq(instituteDirectory.id, instituteId));
      return row ?? null;
    },

    /**
     * First attempts of the institute's students, aggregated per class and test (a student has one
     * first attempt of a test, so the attempts are the participants). Reads the narrow index
     * attempt_summaries_first_results_idx rather than the summaries' rows.
     */
    async firstAttemptsByClassAndTest(place: { instituteId: number }) {
      const result = await db.execute(sql`
        SELECT u.class_id AS "classId", s.task_id AS "taskId", s.course_id AS "courseId",
               count(*)::int AS attempts, count(*)::int AS participants,
               coalesce(sum(${percentage}), 0)::float8 AS "sumPercentage", coalesce(max(${percentage}), 0)::float8 AS "topPercentage"
        FROM ${attemptSummaries} s
        JOIN ${userDirectory} u ON u.id = s.user_id
        WHERE u.institute_id = ${place.instituteId} AND u.role IN ${STUDENT_ROLES_SQL} AND s.is_first_attempt AND ${everyonesTest}
        GROUP BY u.class_id, s.task_id, s.course_id`);
      return rowsOf<{ classId: number | null; taskId: number; courseId: number; attempts: number; participants: number; sumPercentage: number; topPercentage: number }>(result);
    },

    /** Students who took a test: per class, per course and overall (grouping sets over student_course_totals). */
    async participants(place: { instituteId: number }) {
      const result = await db.execute(sql`
        SELECT u.class_id AS "classId", t.course_id AS "courseId", GROUPING(u.class_id)::int AS "byCourse", GROUPING(t.course_id)::int AS "byClass",
               count(DISTINCT t.user_id)::int AS participants
        FROM ${studentCourseTotals} t
        JOIN ${userDirectory} u ON u.id = t.user_id
        WHERE u.institute_id = ${place.instituteId} AND u.role IN ${STUDENT_ROLES_SQL} AND t.attempts > 0
        GROUP BY GROUPING SETS ((u.class_id), (t.course_id), ())`);
      return rowsOf<{ classId: number | null; courseId: number | null; byCourse: number; byClass: number; participants: number }>(result);
    },

    /** The institute's students per class. */
    async studentsByClass(place: { instituteId: number }) {
      const result = await db.execute(sql`
        SELECT u.class_id AS "classId", c.name AS "className", count(*)::int AS students
        FROM ${userDirectory} u LEFT JOIN ${classDirectory} c ON c.id = u.class_id
        WHERE u.institute_id = ${place.instituteId} AND u.role IN ${STUDENT_ROLES_SQL}
        GROUP BY u.class_id, c.name`);
      return rowsOf<{ classId: number | null; className: string | null; students: number }>(result);
    },

    /**
     * Graded questions and correct answers per subject (a question's own subject, else its section;
     * see subjectOf) over the institute's first attempts: from student_subject_totals for the whole
     * institute, from one test's summaries for a test.
     */
    async subjectAccuracy(place: { instituteId: number }, taskId?: number) {
      const result =
        taskId === undefined
          ? await db.execute(sql`
              SELECT t.subject, sum(t.questions)::int AS questions, sum(t.correct)::int AS correct
              FROM ${studentSubjectTotals} t
              JOIN ${userDirectory} u ON u.id = t.user_id
              WHERE u.institute_id = ${place.instituteId} AND u.role IN ${STUDENT_ROLES_SQL}
              GROUP BY 1 HAVING sum(t.questions) > 0 ORDER BY 1`)
          : await db.execute(sql`
              SELECT coalesce(q.e->>'subject', q.e->>'section') AS subject, (count(*) FILTER (WHERE substr(s.item_statuses, q.i::int, 1) <> 'e'))::int AS questions,
                (count(*) FILTER (WHERE substr(s.item_statuses, q.i::int, 1) = 'c'))::int AS correct
              FROM ${attemptSummaries} s
              JOIN ${userDirectory} u ON u.id = s.user_id
              JOIN ${summaryLayouts} l ON l.key = s.layout_key
              CROSS JOIN LATERAL jsonb_array_elements(l.questions) WITH ORDINALITY AS q(e, i)
              WHERE s.task_id = ${taskId} AND s.is_first_attempt AND u.institute_id = ${place.instituteId} AND u.role IN ${STUDENT_ROLES_SQL}
                AND coalesce(q.e->>'subject', q.e->>'section') IS NOT NULL
              GROUP BY 1 ORDER BY 1`);
      return rowsOf<{ subject: string; questions: number; correct: number }>(result);
    },

    /** One class's students with their first attempts' mean, latest percentage and latest course. */
    async classStudents(place: { instituteId: number }, classId: number) {
      // A view has no primary key: every selected column of the account is grouped by.
      const result = await db.execute(sql`
        SELECT u.id AS "studentId", u.first_name AS "firstName", u.last_name AS "lastName", u.username,
               count(s.user_id)::int AS tests, coalesce(avg(${percentage}), 0)::float8 AS "meanPercentage",
               (array_agg(${percentage} ORDER BY s.submitted_at DESC) FILTER (WHERE s.user_id IS NOT NULL))[1]::float8 AS "lastPercentage",
               (array_agg(s.course_id ORDER BY s.submitted_at DESC) FILTER (WHERE s.user_id IS NOT NULL))[1]::int AS "courseId"
        FROM ${userDirectory} u
        LEFT JOIN ${attemptSummaries} s ON s.user_id = u.id AND s.is_first_attempt AND ${everyonesTest}
        WHERE u.institute_id = ${place.instituteId} AND u.role IN ${STUDENT_ROLES_SQL} AND u.class_id = ${classId}
        GROUP BY u.id, u.first_name, u.last_name, u.username ORDER BY lower(u.first_name), lower(u.last_name), u.id`);
      return rowsOf<{ studentId: number; firstName: string; lastName: string; username: string; tests: number; meanPercentage: number; lastPercentage: number | null; courseId: number | null }>(result);
    },

    async className(classId: number, instituteId: number): Promise<string | null> {
      const [row] = await db.select({ name: classDirectory.name }).from(classDirectory).where(and(eq(classDirectory.id, classId), eq(classDirectory.instituteId, instituteId)));
      return row?.name ?? null;
    },

    async taskAndCourseNames(taskIds: number[], courseIds: number[]) {
      const [taskRows, courseRows] = await Promise.all([
        taskIds.length ? db.select({ id: taskHeads.id, name: taskHeads.name }).from(taskHeads).where(inArray(taskHeads.id, taskIds)) : Promise.resolve([]),
        courseIds.length ? db.select({ id: courseDirectory.id, name: courseDirectory.name }).from(courseDirectory).where(inArray(courseDirectory.id, courseIds)) : Promise.resolve([]),
      ]);
      return { tasks: new Map(taskRows.map((r) => [r.id, r.name])), courses: new Map(courseRows.map((r) => [r.id, r.name])) };
    },

    async userName(userId: number) {
      const [row] = await db.select({ firstName: userDirectory.firstName, lastName: userDirectory.lastName, username: userDirectory.username }).from(userDirectory).where(eq(userDirectory.id, userId));
      return row ?? null;
    },

    /** Seconds studied per day (course tracking) in [fromDay, toDay]. */
    async studyDays(userId: number, fromDay: string, toDay: string) {
      return db
        .select({ day: studyTimeByDay.day, seconds: studyTimeByDay.seconds })
        .from(studyTimeByDay)
        .where(and(eq(studyTimeByDay.userId, userId), gte(studyTimeByDay.day, fromDay), sql`${studyTimeByDay.day} <= ${toDay}`))
        .orderBy(asc(studyTimeByDay.day));
    },

    /** Lessons the student completed in [from, to). */
    async lessonsCompleted(userId: number, from: Date, to: Date) {
      return db
        .select({ taskId: completedTasks.taskId, name: taskHeads.name, courseId: completedTasks.courseId, courseName: courseDirectory.name, completedAt: completedTasks.completedAt })
        .from(completedTasks)
        .innerJoin(taskHeads, eq(taskHeads.id, completedTasks.taskId))
        .innerJoin(courseDirectory, eq(courseDirectory.id, completedTasks.courseId))
        .where(and(eq(completedTasks.userId, userId), eq(taskHeads.kind, 'lesson'), gte(completedTasks.completedAt, from), lt(completedTasks.completedAt, to)))
        .orderBy(asc(completedTasks.completedAt));
    },

    /** Time tracked on each course (all time). */
    async courseTime(userId: number) {
      return db
        .select({ courseId: studyTimeByCourse.courseId, courseName: courseDirectory.name, seconds: studyTimeByCourse.seconds })
        .from(studyTimeByCourse)
        .innerJoin(courseDirectory, eq(courseDirectory.id, studyTimeByCourse.courseId))
        .where(eq(studyTimeByCourse.userId, userId));
    },

    // ── Weekly digest ────────────────────────────────────────────────────────────────────────

    /** Parent accounts with an e-mail address, a linked child, the digest on and no digest of the week yet, with their language. */
    async digestRecipients(weekStart: string) {
      return db
        .select({ id: userDirectory.id, email: userDirectory.email, firstName: userDirectory.firstName, lastName: userDirectory.lastName, username: userDirectory.username, language: languageDirectory.code, weeklyDigest: parentDigestSettings.weeklyDigest })
        .from(userDirectory)
        .leftJoin(languageDirectory, eq(languageDirectory.id, userDirectory.languageId))
        .leftJoin(parentDigestSettings, eq(parentDigestSettings.parentUserId, userDirectory.id))
        .where(
          and(
            eq(userDirectory.role, 'Parent'),
            eq(userDirectory.isActive, true),
            sql`${userDirectory.email} IS NOT NULL`,
            sql`NOT EXISTS (SELECT 1 FROM ${parentDigestSends} d WHERE d.parent_user_id = ${userDirectory.id} AND d.week_start = ${weekStart})`,
            sql`${parentDigestSettings.weeklyDigest} IS DISTINCT FROM false`,
            sql`EXISTS (SELECT 1 FROM ${familyLinks} l WHERE l.parent_user_id = ${userDirectory.id})`,
          ),
        )
        .orderBy(asc(userDirectory.id));
    },

    async childrenOf(parentUserId: number) {
      return db
        .select({ id: userDirectory.id, firstName: userDirectory.firstName, lastName: userDirectory.lastName, username: userDirectory.username })
        .from(familyLinks)
        .innerJoin(userDirectory, eq(userDirectory.id, familyLinks.studentUserId))
        .where(eq(familyLinks.parentUserId, parentUserId))
        .orderBy(asc(userDirectory.id));
    },

    async digestSettings(parentUserId: number) {
      const [row] = await db.select().from(parentDigestSettings).where(eq(parentDigestSettings.parentUserId, parentUserId));
      return row ?? null;
    },

    /** The parent's settings row, made (digest on, a fresh unsubscribe secret) when missing. */
    async ensureDigestSettings(parentUserId: number, token: string, now: Date) {
      await db.insert(parentDigestSettings).values({ parentUserId, weeklyDigest: true, unsubscribeToken: token, updatedAt: now }).onConflictDoNothing();
      const [row] = await db.select().from(parentDigestSettings).where(eq(parentDigestSettings.parentUserId, parentUserId));
      return row!;
    },

    async setWeeklyDigest(parentUserId: number, weeklyDigest: boolean, now: Date) {
      await db.update(parentDigestSettings).set({ weeklyDigest, updatedAt: now }).where(eq(parentDigestSettings.parentUserId, parentUserId));
    },

    async unsubscribeByToken(token: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(parentDigestSettings)
        .set({ weeklyDigest: false, updatedAt: now })
        .where(eq(parentDigestSettings.unsubscribeToken, token))
        .returning({ id: parentDigestSettings.parentUserId });
      return rows.length > 0;
    },

    /** Claims the parent's digest of a week; false when it was already claimed (sent or being sent). */
    async claimDigest(parentUserId: number, weekStart: string, now: Date): Promise<boolean> {
      const rows = await db.insert(parentDigestSends).values({ parentUserId, weekStart, sentAt: now }).onConflictDoNothing().returning({ id: parentDigestSends.parentUserId });
      return rows.length > 0;
    },

    /** Gives a claim back after the mail failed, so that the next run tries again. */
    async releaseDigest(parentUserId: number, weekStart: string): Promise<void> {
      await db.delete(parentDigestSends).where(and(eq(parentDigestSends.parentUserId, parentUserId), eq(parentDigestSends.weekStart, weekStart)));
    },
  };
}

export type FamilyReportsRepository = ReturnType<typeof createFamilyReportsRepository>;
