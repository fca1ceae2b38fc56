import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classDirectory, courseMappings, courseDirectory, instituteDirectory, sectionDirectory, taskHeads, testSchedules, topicOpenings, courseTopics } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { recordAudit, type AuditEntry } from '../../lib/audit.js';

export type CourseMappingRow = typeof courseMappings.$inferSelect;
export type TestScheduleRow = typeof testSchedules.$inferSelect;
export type TopicOpeningRow = typeof topicOpenings.$inferSelect;

/** Where a row applies, with the names the screens show. */
export interface TargetInfo {
  clientId: string;
  instituteId: number;
  instituteName: string;
  classId: number | null;
  className: string | null;
  sectionId: number | null;
  sectionName: string | null;
}

/** Where a student belongs, for the rows that apply to them. */
export interface StudentPlace {
  instituteId: number | null;
  classId: number | null;
  sectionId: number | null;
}

type TargetTable = typeof courseMappings | typeof testSchedules | typeof topicOpenings;

/** Rows whose institute is the student's and whose class and section are unset or the student's. */
function appliesTo(table: TargetTable, place: StudentPlace): SQL | undefined {
  if (place.instituteId === null) return sql`false`;
  return and(
    eq(table.instituteId, place.instituteId),
    place.classId === null ? isNull(table.classId) : or(isNull(table.classId), eq(table.classId, place.classId)),
    place.sectionId === null ? isNull(table.sectionId) : or(isNull(table.sectionId), eq(table.sectionId, place.sectionId)),
  );
}

/** PostgreSQL unique_violation, as both drivers report it (possibly wrapped). */
function isUniqueViolation(error: unknown): boolean {
  let current = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

const targetColumns = {
  clientId: instituteDirectory.clientId,
  instituteName: instituteDirectory.name,
  className: classDirectory.name,
  sectionName: sectionDirectory.name,
};

export function createSchedulesRepository(db: Db) {
  /** Inserts a row and its audit entry together; undefined when the same target already has one. */
  async function insertAudited<T>(write: (tx: Db) => Promise<T>, actor: Actor, entry: (row: T) => AuditEntry): Promise<T | undefined> {
    try {
      return await db.transaction(async (tx) => {
        const row = await write(tx as unknown as Db);
        await recordAudit(tx as unknown as Db, actor, entry(row));
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  return {
    /** The institute, class and section if they exist and belong together. */
    async findTarget(instituteId: number, classId: number | null, sectionId: number | null): Promise<TargetInfo | undefined> {
      const [row] = await db
        .select({ instituteId: instituteDirectory.id, clientId: instituteDirectory.clientId, instituteName: instituteDirectory.name, classId: classDirectory.id, className: classDirectory.name, sectionId: sectionDirectory.id, sectionName: sectionDirectory.name })
        .from(instituteDirectory)
        .leftJoin(classDirectory, and(eq(classDirectory.instituteId, instituteDirectory.id), eq(classDirectory.id, classId ?? -1)))
        .leftJoin(sectionDirectory, and(eq(sectionDirectory.classId, classDirectory.id), eq(sectionDirectory.id, sectionId ?? -1)))
        .where(eq(instituteDirectory.id, instituteId))
        .limit(1);
      if (!row) return undefined;
      if (classId !== null && row.classId === null) return undefined;
      if (sectionId !== null && row.sectionId === null) return undefined;
      return row;
    },

    /** Institutes (with classes and sectionDirectory) of a client, or of one institute. */
    async listInstitutes(filter: { clientId: string } | { instituteId: number }) {
      const where = 'clientId' in filter ? eq(instituteDirectory.clientId, filter.clientId) : eq(instituteDirectory.id, filter.instituteId);
      const rows = await db.select({ id: instituteDirectory.id, name: instituteDirectory.name, clientId: instituteDirectory.clientId }).from(instituteDirectory).where(where).orderBy(asc(instituteDirectory.name));
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const classRows = await db.select().from(classDirectory).where(inArray(classDirectory.instituteId, ids)).orderBy(asc(classDirectory.name));
      const sectionRows = classRows.length
        ? await db.select().from(sectionDirectory).where(inArray(sectionDirectory.classId, classRows.map((c) => c.id))).orderBy(asc(sectionDirectory.name))
        : [];
      return rows.map((institute) => ({
        ...institute,
        classes: classRows
          .filter((c) => c.instituteId === institute.id)
          .map((c) => ({ id: c.id, name: c.name, sections: sectionRows.filter((s) => s.classId === c.id).map((s) => ({ id: s.id, name: s.name })) })),
      }));
    },

    /** Every course with its topics and test tasks, with their owners (the service keeps those the caller reaches). */
    async listCourseContent() {
      const [courseRows, topicRows, testRows] = await Promise.all([
        db.select({ id: courseDirectory.id, name: courseDirectory.name, clientId: courseDirectory.clientId, instituteId: courseDirectory.instituteId }).from(courseDirectory).orderBy(asc(courseDirectory.sortOrder), asc(courseDirectory.id)),
        db.select({ id: courseTopics.id, name: courseTopics.name, courseId: courseTopics.courseId }).from(courseTopics).orderBy(asc(courseTopics.sortOrder), asc(courseTopics.id)),
        db
          .select({ id: taskHeads.id, name: taskHeads.name, courseId: taskHeads.courseId, topicId: taskHeads.topicId, ownerClientId: taskHeads.ownerClientId, ownerInstituteId: taskHeads.ownerInstituteId })
          .from(taskHeads)
          // A test made for one student (decision 081) is never scheduled.
          .where(and(eq(taskHeads.kind, 'test'), isNull(taskHeads.ownerUserId)))
          .orderBy(asc(taskHeads.sortOrder), asc(taskHeads.id)),
      ]);
      return courseRows.map((course) => ({
        ...course,
        topics: topicRows.filter((t) => t.courseId === course.id).map(({ id, name }) => ({ id, name })),
        tests: testRows.filter((t) => t.courseId === course.id).map(({ id, name, topicId, ownerClientId, ownerInstituteId }) => ({ id, name, topicId, ownerClientId, ownerInstituteId })),
      }));
    },

    async getCourse(courseId: number) {
      const [row] = await db.select({ id: courseDirectory.id, name: courseDirectory.name, clientId: courseDirectory.clientId, instituteId: courseDirectory.instituteId }).from(courseDirectory).where(eq(courseDirectory.id, courseId));
      return row;
    },
    async getTestTask(taskId: number) {
      const [row] = await db
        .select({
          id: taskHeads.id,
          name: taskHeads.name,
          courseId: taskHeads.courseId,
          courseName: courseDirectory.name,
          kind: taskHeads.kind,
          ownerClientId: taskHeads.ownerClientId,
          ownerInstituteId: taskHeads.ownerInstituteId,
          courseClientId: courseDirectory.clientId,
          courseInstituteId: courseDirectory.instituteId,
        })
        .from(taskHeads)
        .innerJoin(courseDirectory, eq(courseDirectory.id, taskHeads.courseId))
        .where(and(eq(taskHeads.id, taskId), isNull(taskHeads.ownerUserId)));
      return row;
    },
    async getTopic(topicId: number) {
      const [row] = await db
        .select({ id: courseTopics.id, name: courseTopics.name, courseId: courseTopics.courseId, courseName: courseDirectory.name, courseClientId: courseDirectory.clientId, courseInstituteId: courseDirectory.instituteId })
        .from(courseTopics)
        .innerJoin(courseDirectory, eq(courseDirectory.id, courseTopics.courseId))
        .where(eq(courseTopics.id, topicId));
      return row;
    },

    // ── Course mappings ──
    async listCourseMappings(instituteIds: number[]) {
      if (instituteIds.length === 0) return [];
      return db
        .select({ row: courseMappings, courseName: courseDirectory.name, ...targetColumns })
        .from(courseMappings)
        .innerJoin(courseDirectory, eq(courseDirectory.id, courseMappings.courseId))
        .innerJoin(instituteDirectory, eq(instituteDirectory.id, courseMappings.instituteId))
        .leftJoin(classDirectory, eq(classDirectory.id, courseMappings.classId))
        .leftJoin(sectionDirectory, eq(sectionDirectory.id, courseMappings.sectionId))
        .where(inArray(courseMappings.instituteId, instituteIds))
        .orderBy(asc(courseDirectory.name), asc(instituteDirectory.name), asc(classDirectory.name), asc(sectionDirectory.name), asc(courseMappings.id));
    },
    async getCourseMapping(id: number) {
      const [row] = await db.select().from(courseMappings).where(eq(courseMappings.id, id));
      return row;
    },
    insertCourseMapping(actor: Actor, values: typeof courseMappings.$inferInsert) {
      return insertAudited(
        async (tx) => (await tx.insert(courseMappings).values(values).returning())[0]!,
        actor,
        (row) => ({ action: 'schedules.mapCourse', targetType: 'course_mapping', targetId: row.id, instituteId: row.instituteId, after: row }),
      );
    },
    async deleteCourseMapping(actor: Actor, row: CourseMappingRow) {
      await db.transaction(async (tx) => {
        await tx.delete(courseMappings).where(eq(courseMappings.id, row.id));
        await recordAudit(tx as unknown as Db, actor, { action: 'schedules.unmapCourse', targetType: 'course_mapping', targetId: row.id, instituteId: row.instituteId, before: row });
      });
    },
    /**
     * The mappings that narrow a student: courses the student's own institute maps to anyone, and
     * those it maps to the student's institute, class or section. Other institutes' rows do not count.
     */
    async courseAccess(place: StudentPlace) {
      if (place.instituteId === null) return { mapped: new Set<number>(), mine: new Set<number>() };
      const [mapped, mine] = await Promise.all([
        db.selectDistinct({ courseId: courseMappings.courseId }).from(courseMappings).where(eq(courseMappings.instituteId, place.instituteId)),
        db.selectDistinct({ courseId: courseMappings.courseId }).from(courseMappings).where(appliesTo(courseMappings, place)),
      ]);
      return { mapped: new Set(mapped.map((r) => r.courseId)), mine: new Set(mine.map((r) => r.courseId)) };
    },

    // ── Test schedules ──
    async listTestSchedules(instituteIds: number[]) {
      if (instituteIds.length === 0) return [];
      return db
        .select({ row: testSchedules, taskName: taskHeads.name, courseId: taskHeads.courseId, courseName: courseDirectory.name, ...targetColumns })
        .from(testSchedules)
        .innerJoin(taskHeads, eq(taskHeads.id, testSchedules.taskId))
        .innerJoin(courseDirectory, eq(courseDirectory.id, taskHeads.courseId))
        .innerJoin(instituteDirectory, eq(instituteDirectory.id, testSchedules.instituteId))
        .leftJoin(classDirectory, eq(classDirectory.id, testSchedules.classId))
        .leftJoin(sectionDirectory, eq(sectionDirectory.id, testSchedules.sectionId))
        .where(inArray(testSchedules.instituteId, instituteIds))
        .orderBy(asc(testSchedules.opensAt), asc(testSchedules.id));
    },
    async getTestSchedule(id: number) {
      const [row] = await db.select().from(testSchedules).where(eq(testSchedules.id, id));
      return row;
    },
    insertTestSchedule(actor: Actor, values: typeof testSchedules.$inferInsert) {
      return insertAudited(
        async (tx) => (await tx.insert(testSchedules).values(values).returning())[0]!,
        actor,
        (row) => ({ action: 'schedules.scheduleTest', targetType: 'test_schedule', targetId: row.id, instituteId: row.instituteId, after: row }),
      );
    },
    async updateTestSchedule(actor: Actor, before: TestScheduleRow, values: Pick<TestScheduleRow, 'opensAt' | 'closesAt' | 'lateStartUntil'>) {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(testSchedules).set(values).where(eq(testSchedules.id, before.id)).returning();
        await recordAudit(tx as unknown as Db, actor, { action: 'schedules.rescheduleTest', targetType: 'test_schedule', targetId: before.id, instituteId: before.instituteId, before, after: row });
        return row!;
      });
    },
    async deleteTestSchedule(actor: Actor, row: TestScheduleRow) {
      await db.transaction(async (tx) => {
        await tx.delete(testSchedules).where(eq(testSchedules.id, row.id));
        await recordAudit(tx as unknown as Db, actor, { action: 'schedules.unscheduleTest', targetType: 'test_schedule', targetId: row.id, instituteId: row.instituteId, before: row });
      });
    },
    /** Windows opening before `until` that still take starts at `now` (a new attempt may still be made in them), with their institute's client. */
    async windowsDue(now: Date, until: Date) {
      return db
        .select({ row: testSchedules, clientId: instituteDirectory.clientId })
        .from(testSchedules)
        .innerJoin(instituteDirectory, eq(instituteDirectory.id, testSchedules.instituteId))
        .where(and(lte(testSchedules.opensAt, until), sql`coalesce(${testSchedules.lateStartUntil}, ${testSchedules.closesAt}) > ${now.toISOString()}::timestamptz`))
        .orderBy(asc(testSchedules.opensAt), asc(testSchedules.id));
    },
    /** Windows that apply to the student (all tests, or the given ones), with test and course names. */
    async testWindowsFor(place: StudentPlace, taskIds?: number[]) {
      if (taskIds && taskIds.length === 0) return [];
      return db
        .select({
          row: testSchedules,
          taskName: taskHeads.name,
          courseId: taskHeads.courseId,
          courseName: courseDirectory.name,
          isPublished: sql<boolean>`${taskHeads.isPublished} AND ${courseDirectory.isPublished}`,
          ownerClientId: taskHeads.ownerClientId,
          ownerInstituteId: taskHeads.ownerInstituteId,
          courseClientId: courseDirectory.clientId,
          courseInstituteId: courseDirectory.instituteId,
        })
        .from(testSchedules)
        .innerJoin(taskHeads, eq(taskHeads.id, testSchedules.taskId))
        .innerJoin(courseDirectory, eq(courseDirectory.id, taskHeads.courseId))
        .where(and(appliesTo(testSchedules, place), taskIds ? inArray(testSchedules.taskId, taskIds) : undefined));
    },
    /** Tasks that have a window for anyone in the institute (a test scheduled for another class is hidden from this one). */
    async scheduledTaskIds(instituteId: number | null, taskIds: number[]) {
      if (instituteId === null || taskIds.length === 0) return new Set<number>();
      const rows = await db
        .selectDistinct({ taskId: testSchedules.taskId })
        .from(testSchedules)
        .where(and(eq(testSchedules.instituteId, instituteId), inArray(testSchedules.taskId, taskIds)));
      return new Set(rows.map((r) => r.taskId));
    },

    // ── Topic openings ──
    async listTopicOpenings(instituteIds: number[]) {
      if (instituteIds.length === 0) return [];
      return db
        .select({ row: topicOpenings, topicName: courseTopics.name, courseId: courseTopics.courseId, courseName: courseDirectory.name, ...targetColumns })
        .from(topicOpenings)
        .innerJoin(courseTopics, eq(courseTopics.id, topicOpenings.topicId))
        .innerJoin(courseDirectory, eq(courseDirectory.id, courseTopics.courseId))
        .innerJoin(instituteDirectory, eq(instituteDirectory.id, topicOpenings.instituteId))
        .leftJoin(classDirectory, eq(classDirectory.id, topicOpenings.classId))
        .leftJoin(sectionDirectory, eq(sectionDirectory.id, topicOpenings.sectionId))
        .where(inArray(topicOpenings.instituteId, instituteIds))
        .orderBy(asc(topicOpenings.opensAt), asc(topicOpenings.id));
    },
    async getTopicOpening(id: number) {
      const [row] = await db.select().from(topicOpenings).where(eq(topicOpenings.id, id));
      return row;
    },
    insertTopicOpening(actor: Actor, values: typeof topicOpenings.$inferInsert) {
      return insertAudited(
        async (tx) => (await tx.insert(topicOpenings).values(values).returning())[0]!,
        actor,
        (row) => ({ action: 'schedules.openTopic', targetType: 'topic_opening', targetId: row.id, instituteId: row.instituteId, after: row }),
      );
    },
    async updateTopicOpening(actor: Actor, before: TopicOpeningRow, opensAt: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(topicOpenings).set({ opensAt }).where(eq(topicOpenings.id, before.id)).returning();
        await recordAudit(tx as unknown as Db, actor, { action: 'schedules.reopenTopic', targetType: 'topic_opening', targetId: before.id, instituteId: before.instituteId, before, after: row });
        return row!;
      });
    },
    async deleteTopicOpening(actor: Actor, row: TopicOpeningRow) {
      await db.transaction(async (tx) => {
        await tx.delete(topicOpenings).where(eq(topicOpenings.id, row.id));
        await recordAudit(tx as unknown as Db, actor, { action: 'schedules.unscheduleTopic', targetType: 'topic_opening', targetId: row.id, instituteId: row.instituteId, before: row });
      });
    },
    /** Openings that apply to the student (all topics, or the given ones), with names. */
    async topicOpeningsFor(place: StudentPlace, topicIds?: number[]) {
      if (topicIds && topicIds.length === 0) return [];
      return db
        .select({ row: topicOpenings, topicName: courseTopics.name, courseId: courseTopics.courseId, courseName: courseDirectory.name, courseClientId: courseDirectory.clientId, courseInstituteId: courseDirectory.instituteId })
        .from(topicOpenings)
        .innerJoin(courseTopics, eq(courseTopics.id, topicOpenings.topicId))
        .innerJoin(courseDirectory, eq(courseDirectory.id, courseTopics.courseId))
        .where(and(appliesTo(topicOpenings, place), topicIds ? inArray(topicOpenings.topicId, topicIds) : undefined))
        .orderBy(asc(topicOpenings.opensAt));
    },
  };
}

export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
