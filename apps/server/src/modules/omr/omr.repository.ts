import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { STUDENT_ROLES } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { classDirectory, courseDirectory, instituteDirectory, omrSheets, signupRollNumbers, placedQuestions, taskHeads, userDirectory } from '../../db/schema/index.js';

export interface OmrTest {
  id: number;
  courseId: number;
  name: string;
  isTest: boolean;
  isPractice: boolean;
  isPublished: boolean;
  course: { clientId: string; instituteId: number | null; isPublished: boolean };
  /** Who owns the test: a client, and an institute unless shared (decision 038). */
  ownerClientId: string;
  ownerInstituteId: number | null;
  questionCount: number;
}

export type OmrSheetRow = typeof omrSheets.$inferSelect;
export type NewOmrSheet = typeof omrSheets.$inferInsert;

export interface OmrClass {
  id: number;
  clientId: string;
  instituteId: number;
}

export interface OmrStudent {
  userId: number;
  firstName: string;
  lastName: string;
  clientId: string;
  instituteId: number | null;
  classId: number | null;
  sectionId: number | null;
  rollNo: string | null;
  role: string;
}

/** A student as the sheets and the roll-number match need them (one shape for every roster). */
const OMR_STUDENT_COLUMNS = {
  userId: userDirectory.id,
  firstName: userDirectory.firstName,
  lastName: userDirectory.lastName,
  clientId: userDirectory.clientId,
  instituteId: userDirectory.instituteId,
  classId: userDirectory.classId,
  sectionId: userDirectory.sectionId,
  // The roll number staff gave (Student Configuration, CSV), else the one typed at signup.
  rollNo: sql<string | null>`coalesce(${userDirectory.rollNumber}, ${signupRollNumbers.rollNo})`,
  role: userDirectory.role,
};

export function createOmrRepository(db: Db) {
  return {
    async findTest(taskId: number): Promise<OmrTest | null> {
      const [row] = await db
        .select({
          id: taskHeads.id,
          courseId: taskHeads.courseId,
          name: taskHeads.name,
          kind: taskHeads.kind,
          testType: taskHeads.testType,
          isPublished: taskHeads.isPublished,
          clientId: courseDirectory.clientId,
          instituteId: courseDirectory.instituteId,
          coursePublished: courseDirectory.isPublished,
          ownerClientId: taskHeads.ownerClientId,
          ownerInstituteId: taskHeads.ownerInstituteId,
        })
        .from(taskHeads)
        .innerJoin(courseDirectory, eq(courseDirectory.id, taskHeads.courseId))
        // A test made for one student (decision 081) takes no answer sheets.
        .where(and(eq(taskHeads.id, taskId), isNull(taskHeads.ownerUserId)));
      if (!row) return null;
      const [counted] = await db.select({ n: count() }).from(placedQuestions).where(eq(placedQuestions.taskId, taskId));
      return {
        id: row.id,
        courseId: row.courseId,
        name: row.name,
        isTest: row.kind === 'test',
        isPractice: row.testType === 'practice',
        isPublished: row.isPublished,
        course: { clientId: row.clientId, instituteId: row.instituteId, isPublished: row.coursePublished },
        ownerClientId: row.ownerClientId,
        ownerInstituteId: row.ownerInstituteId,
        questionCount: counted?.n ?? 0,
      };
    },

    async findClass(classId: number): Promise<OmrClass | null> {
      const [row] = await db
        .select({ id: classDirectory.id, instituteId: classDirectory.instituteId, clientId: instituteDirectory.clientId })
        .from(classDirectory)
        .innerJoin(instituteDirectory, eq(instituteDirectory.id, classDirectory.instituteId))
        .where(eq(classDirectory.id, classId));
      return row ?? null;
    },

    listStudentsOfClass(classId: number): Promise<OmrStudent[]> {
      return db
        .select(OMR_STUDENT_COLUMNS)
        .from(userDirectory)
        .leftJoin(signupRollNumbers, eq(signupRollNumbers.userId, userDirectory.id))
        .where(and(eq(userDirectory.classId, classId), eq(userDirectory.isActive, true), inArray(userDirectory.role, [...STUDENT_ROLES])))
        .orderBy(asc(userDirectory.firstName), asc(userDirectory.lastName), asc(userDirectory.id));
    },

    /** Students of a client, or of one institute of it: the roster a read roll number is matched against. */
    listStudentsOf(clientId: string, instituteId: number | null): Promise<OmrStudent[]> {
      return db
        .select(OMR_STUDENT_COLUMNS)
        .from(userDirectory)
        .leftJoin(signupRollNumbers, eq(signupRollNumbers.userId, userDirectory.id))
        .where(
          and(
            eq(userDirectory.clientId, clientId),
            instituteId === null ? undefined : eq(userDirectory.instituteId, instituteId),
            eq(userDirectory.isActive, true),
            inArray(userDirectory.role, [...STUDENT_ROLES]),
          ),
        );
    },

    async findStudent(userId: number): Promise<OmrStudent | null> {
      const [row] = await db
        .select(OMR_STUDENT_COLUMNS)
        .from(userDirectory)
        .leftJoin(signupRollNumbers, eq(signupRollNumbers.userId, userDirectory.id))
        .where(eq(userDirectory.id, userId));
      return row ?? null;
    },

    async findStudents(userIds: number[]): Promise<OmrStudent[]> {
      if (!userIds.length) return [];
      return db
        .select(OMR_STUDENT_COLUMNS)
        .from(userDirectory)
        .leftJoin(signupRollNumbers, eq(signupRollNumbers.userId, userDirectory.id))
        .where(inArray(userDirectory.id, [...new Set(userIds)]));
    },

    /** Active students of a client (one institute of it, or any) whose name or roll number contains the text. */
    searchStudents(clientId: string, instituteId: number | null, text: string, limit: number): Promise<(OmrStudent & { className: string | null })[]> {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .select({ ...OMR_STUDENT_COLUMNS, className: classDirectory.name })
        .from(userDirectory)
        .leftJoin(signupRollNumbers, eq(signupRollNumbers.userId, userDirectory.id))
        .leftJoin(classDirectory, eq(classDirectory.id, userDirectory.classId))
        .where(
          and(
            eq(userDirectory.clientId, clientId),
            instituteId === null ? undefined : eq(userDirectory.instituteId, instituteId),
            eq(userDirectory.isActive, true),
            inArray(userDirectory.role, [...STUDENT_ROLES]),
            text
              ? or(
                  ilike(sql`${userDirectory.firstName} || ' ' || ${userDirectory.lastName}`, like),
                  ilike(userDirectory.rollNumber, like),
                  ilike(signupRollNumbers.rollNo, like),
                  sql`${userDirectory.id}::text = ${text}`,
                )
              : undefined,
          ),
        )
        .orderBy(asc(userDirectory.firstName), asc(userDirectory.lastName), asc(userDirectory.id))
        .limit(limit);
    },

    /** Published tests of the client's courses (shared, or the institute's) that fit on a sheet, for a student's upload. */
    async listTestsFor(clientId: string, instituteId: number | null) {
      const rows = await db
        .select({
          id: taskHeads.id,
          name: taskHeads.name,
          testType: taskHeads.testType,
          courseId: taskHeads.courseId,
          courseName: courseDirectory.name,
          courseClientId: courseDirectory.clientId,
          courseInstituteId: courseDirectory.instituteId,
          ownerClientId: taskHeads.ownerClientId,
          ownerInstituteId: taskHeads.ownerInstituteId,
          questionCount: count(placedQuestions.mapId),
        })
        .from(taskHeads)
        .innerJoin(courseDirectory, eq(courseDirectory.id, taskHeads.courseId))
        .innerJoin(placedQuestions, eq(placedQuestions.taskId, taskHeads.id))
        .where(
          and(
            eq(taskHeads.kind, 'test'),
            eq(taskHeads.isPublished, true),
            eq(courseDirectory.isPublished, true),
            eq(courseDirectory.clientId, clientId),
            instituteId === null ? sql`${courseDirectory.instituteId} IS NULL` : or(sql`${courseDirectory.instituteId} IS NULL`, eq(courseDirectory.instituteId, instituteId)),
          ),
        )
        .groupBy(taskHeads.id, taskHeads.name, taskHeads.testType, taskHeads.courseId, taskHeads.ownerClientId, taskHeads.ownerInstituteId, courseDirectory.name, courseDirectory.clientId, courseDirectory.instituteId)
        .orderBy(asc(courseDirectory.name), asc(taskHeads.name));
      return rows;
    },

    async insertSheets(rows: NewOmrSheet[]): Promise<OmrSheetRow[]> {
      if (!rows.length) return [];
      return db.insert(omrSheets).values(rows).returning();
    },

    /** A recognition job's sheets, replacing any an earlier try of the same job wrote. */
    async replaceJobSheets(jobId: string, rows: NewOmrSheet[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(omrSheets).where(eq(omrSheets.jobId, jobId));
        if (rows.length) await tx.insert(omrSheets).values(rows);
      });
    },

    async findSheet(id: number): Promise<OmrSheetRow | null> {
      const [row] = await db.select().from(omrSheets).where(eq(omrSheets.id, id));
      return row ?? null;
    },

    /** A test's sheets a staff member may review: staff uploads, and students' own sheets once submitted. */
    listSheetsOfTask(taskId: number, clientId: string): Promise<OmrSheetRow[]> {
      return db
        .select()
        .from(omrSheets)
        .where(and(eq(omrSheets.taskId, taskId), eq(omrSheets.clientId, clientId), or(eq(omrSheets.source, 'staff'), isNotNull(omrSheets.submittedAt))))
        .orderBy(asc(omrSheets.createdAt), asc(omrSheets.id));
    },

    /** The student's own submitted upload of a test, the latest (the one a staff sheet is compared with). */
    async latestStudentSheet(taskId: number, studentId: number, exceptId: number): Promise<OmrSheetRow | null> {
      const [row] = await db
        .select()
        .from(omrSheets)
        .where(and(eq(omrSheets.taskId, taskId), eq(omrSheets.studentId, studentId), eq(omrSheets.source, 'student'), isNotNull(omrSheets.submittedAt), ne(omrSheets.id, exceptId)))
        .orderBy(desc(omrSheets.createdAt), desc(omrSheets.id))
        .limit(1);
      return row ?? null;
    },

    /** Writes a change to a sheet and its audit entry together. */
    async updateSheet(id: number, values: Partial<NewOmrSheet>, audit?: (tx: Db) => Promise<void>): Promise<OmrSheetRow> {
      return db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const [row] = await executor.update(omrSheets).set(values).where(eq(omrSheets.id, id)).returning();
        if (audit) await audit(executor);
        return row!;
      });
    },
  };
}

export type OmrRepository = ReturnType<typeof createOmrRepository>;
