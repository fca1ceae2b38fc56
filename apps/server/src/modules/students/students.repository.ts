import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { STUDENT_ROLES, type ListStudentsQuery } from '@app/contracts';
import type { z } from 'zod';
import type { ListStudentsQuerySchema } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { classes, institutes, parentLinks, sections, users } from '../../db/schema/index.js';
import type { StudentReach } from '../../lib/policy.js';

export type ListQuery = z.output<typeof ListStudentsQuerySchema>;
export type { ListStudentsQuery };

/** Rows per INSERT statement of a bulk import (well under PostgreSQL's 65535 parameters). */
const INSERT_BATCH = 500;

export function isUniqueViolation(error: unknown): string | null {
  const seen = new Set<unknown>();
  let current = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
  while (current && !seen.has(current)) {
    if (current.code === '23505') return current.constraint ?? current.message ?? 'unique';
    seen.add(current);
    current = current.cause as typeof current;
  }
  return null;
}

const clientOf = sql<string>`coalesce(${institutes.clientId}, ${users.clientId})`;

const studentColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  dob: users.dob,
  role: users.role,
  clientId: clientOf,
  instituteId: users.instituteId,
  instituteName: institutes.name,
  classId: users.classId,
  className: classes.name,
  sectionId: users.sectionId,
  sectionName: sections.name,
  rollNumber: users.rollNumber,
  isActive: users.isActive,
  hasPassword: sql<boolean>`(${users.passwordHash} <> '')`,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
  languageId: users.languageId,
};

/** Narrows a student list to what the actor reaches (lib/policy.ts studentReachOf). */
function reachWhere(reach: StudentReach): SQL {
  switch (reach.kind) {
    case 'none':
      return sql`false`;
    case 'client':
      return eq(clientOf, reach.clientId);
    case 'institute': {
      // The institute's client is checked once (not per row), so the name index can order the page.
      const base = and(
        eq(users.instituteId, reach.instituteId),
        sql`exists (select 1 from ${institutes} i where i.id = ${reach.instituteId} and i.client_id = ${reach.clientId})`,
      )!;
      if (reach.classes.length === 0) return base;
      const taught = reach.classes.map((a) =>
        a.sectionId === null ? eq(users.classId, a.classId) : and(eq(users.classId, a.classId), eq(users.sectionId, a.sectionId))!,
      );
      return and(base, or(...taught))!;
    }
  }
}

/** The kind of student an institute has: a school's are SchoolStudents (decision 024). */
export const studentRoleOf = (isSchool: boolean): 'SchoolStudent' | 'Student' => (isSchool ? 'SchoolStudent' : 'Student');

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface NewStudent {
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dob: string | null;
  clientId: string;
  instituteId: number;
  classId: number;
  sectionId: number | null;
  languageId: number | null;
  /** 1–10 digits, unique in the institute. */
  rollNumber?: string | null;
}

export function createStudentsRepository(db: Db) {
  const fromStudents = (q: Db) =>
    q
      .select(studentColumns)
      .from(users)
      .leftJoin(institutes, eq(institutes.id, users.instituteId))
      .leftJoin(classes, eq(classes.id, users.classId))
      .leftJoin(sections, eq(sections.id, users.sectionId));

  return {
    db,

    async list(reach: StudentReach, query: ListQuery) {
      const conditions: SQL[] = [inArray(users.role, [...STUDENT_ROLES]), reachWhere(reach)];
      if (query.status !== 'all') conditions.push(eq(users.isActive, query.status === 'active'));
      if (query.instituteId) conditions.push(eq(users.instituteId, query.instituteId));
      if (query.classId) conditions.push(eq(users.classId, query.classId));
      if (query.sectionId) conditions.push(eq(users.sectionId, query.sectionId));
      if (query.search) {
        const like = `%${escapeLike(query.search)}%`;
        conditions.push(
          or(
            ilike(sql`(${users.firstName} || ' ' || ${users.lastName})`, like),
            ilike(users.username, like),
            ilike(users.email, like),
            ilike(users.phone, like),
          )!,
        );
      }
      const where = and(...conditions);
      const direction = query.sortDir === 'desc' ? desc : asc;
      const order: SQL[] = {
        name: [direction(sql`lower(${users.firstName})`), direction(sql`lower(${users.lastName})`)],
        username: [direction(sql`lower(${users.username})`)],
        email: [direction(users.email)],
        phone: [direction(users.phone)],
        className: [direction(classes.name), direction(sections.name)],
        createdAt: [direction(users.createdAt)],
      }[query.sortBy];
      const [items, [total]] = await Promise.all([
        fromStudents(db)
          .where(where)
          .orderBy(...order, direction(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: count() })
          .from(users)
          .leftJoin(institutes, eq(institutes.id, users.instituteId))
          .where(where),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    /** Students (with what `findStudent` gives) by username; names that are no student are left out. */
    async findStudentsByUsername(usernames: string[], q: Db = db) {
      if (!usernames.length) return [];
      return fromStudents(q).where(inArray(users.username, usernames));
    },

    async findStudent(id: number, q: Db = db) {
      const [row] = await fromStudents(q).where(eq(users.id, id)).limit(1);
      return row;
    },

    async parentsOf(studentId: number, q: Db = db) {
      return q
        .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, username: users.username })
        .from(parentLinks)
        .innerJoin(users, eq(users.id, parentLinks.parentUserId))
        .where(eq(parentLinks.studentUserId, studentId))
        .orderBy(asc(users.id));
    },

    async findInstitute(id: number) {
      const [row] = await db.select().from(institutes).where(eq(institutes.id, id)).limit(1);
      return row;
    },

    async institutesOfClient(clientId: string) {
      return db.select({ id: institutes.id, clientId: institutes.clientId }).from(institutes).where(eq(institutes.clientId, clientId));
    },

    async classesOf(instituteIds: number[]) {
      if (!instituteIds.length) return [];
      return db
        .select({ id: classes.id, instituteId: classes.instituteId, name: classes.name })
        .from(classes)
        .where(inArray(classes.instituteId, instituteIds));
    },

    async sectionsOf(classIds: number[]) {
      if (!classIds.length) return [];
      return db.select({ id: sections.id, classId: sections.classId, name: sections.name }).from(sections).where(inArray(sections.classId, classIds));
    },

    async languageIdOf(code: string): Promise<number | null> {
      const rows = await db.execute<{ id: number }>(sql`select id from languages where code = ${code} limit 1`);
      const list = (rows as unknown as { rows?: Array<{ id: number }> }).rows ?? (rows as unknown as Array<{ id: number }>);
      return list[0] ? Number(list[0].id) : null;
    },

    async languageCodeOf(languageId: number | null): Promise<string | null> {
      if (languageId === null) return null;
      const rows = await db.execute<{ code: string }>(sql`select code from languages where id = ${languageId} limit 1`);
      const list = (rows as unknown as { rows?: Array<{ code: string }> }).rows ?? (rows as unknown as Array<{ code: string }>);
      return list[0]?.code ?? null;
    },

    /** Which of these usernames, e-mails and phones already belong to an account (case-insensitive for the first two). */
    async takenValues(values: { usernames: string[]; emails: string[]; phones: string[] }, exceptUserId?: number) {
      const lower = (list: string[]) => [...new Set(list.map((v) => v.toLowerCase()))];
      const found = { usernames: new Set<string>(), emails: new Set<string>(), phones: new Set<string>() };
      const notSelf = exceptUserId === undefined ? sql`true` : sql`${users.id} <> ${exceptUserId}`;
      // In chunks: a bulk file checks thousands of values.
      for (let i = 0; i < Math.max(values.usernames.length, values.emails.length, values.phones.length); i += 1000) {
        const usernames = lower(values.usernames.slice(i, i + 1000));
        const emails = lower(values.emails.slice(i, i + 1000));
        const phones = [...new Set(values.phones.slice(i, i + 1000))];
        if (usernames.length) {
          const rows = await db.select({ v: sql<string>`lower(${users.username})` }).from(users).where(and(inArray(sql`lower(${users.username})`, usernames), notSelf));
          rows.forEach((r) => found.usernames.add(r.v));
        }
        if (emails.length) {
          const rows = await db.select({ v: sql<string>`lower(${users.email})` }).from(users).where(and(inArray(sql`lower(${users.email})`, emails), notSelf));
          rows.forEach((r) => found.emails.add(r.v));
        }
        if (phones.length) {
          const rows = await db.select({ v: users.phone }).from(users).where(and(inArray(users.phone, phones), notSelf));
          rows.forEach((r) => r.v && found.phones.add(r.v));
        }
      }
      return found;
    },

    /** Of these institute and roll-number pairs, those another student already has, as `instituteId:rollNumber`. */
    async takenRollNumbers(pairs: { instituteId: number; rollNumber: string }[], exceptUserId?: number): Promise<Set<string>> {
      const found = new Set<string>();
      const notSelf = exceptUserId === undefined ? sql`true` : sql`${users.id} <> ${exceptUserId}`;
      for (let i = 0; i < pairs.length; i += 1000) {
        const chunk = pairs.slice(i, i + 1000);
        const rows = await db
          .select({ instituteId: users.instituteId, rollNumber: users.rollNumber })
          .from(users)
          .where(and(inArray(users.rollNumber, [...new Set(chunk.map((p) => p.rollNumber))]), inArray(users.instituteId, [...new Set(chunk.map((p) => p.instituteId))]), notSelf));
        rows.forEach((r) => found.add(`${r.instituteId}:${r.rollNumber}`));
      }
      return found;
    },

    /**
     * Inserts students in batches (no password hash until they set one); returns their ids in order.
     * A school's students are SchoolStudents (Calendar, OMR upload), any other institute's Students.
     */
    async insertStudents(q: Db, rows: NewStudent[], onBatch?: (done: number) => void): Promise<number[]> {
      const ids: number[] = [];
      const instituteIds = [...new Set(rows.map((row) => row.instituteId))];
      const schools = new Set(
        instituteIds.length
          ? (await q.select({ id: institutes.id }).from(institutes).where(and(inArray(institutes.id, instituteIds), eq(institutes.isSchool, true)))).map((r) => r.id)
          : [],
      );
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        const batch = rows.slice(i, i + INSERT_BATCH);
        const inserted = await q
          .insert(users)
          .values(batch.map((row) => ({ ...row, role: studentRoleOf(schools.has(row.instituteId)), passwordHash: '', emailVerified: false, registeredAt: null })))
          .returning({ id: users.id });
        ids.push(...inserted.map((r) => r.id));
        onBatch?.(ids.length);
      }
      return ids;
    },

    async updateUser(q: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
      await q.update(users).set(values).where(eq(users.id, id));
    },

    async findUserByEmail(q: Db, email: string) {
      const [row] = await q.select({ id: users.id, role: users.role }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
      return row;
    },

    async createParent(q: Db, values: { email: string; firstName: string; clientId: string; instituteId: number | null }): Promise<number> {
      const [row] = await q
        .insert(users)
        // Parents sign in with an e-mail code; an empty hash matches no password.
        .values({ username: values.email, email: values.email, role: 'Parent', firstName: values.firstName, passwordHash: '', clientId: values.clientId, instituteId: values.instituteId })
        .returning({ id: users.id });
      return row!.id;
    },

    async linkParent(q: Db, parentUserId: number, studentUserId: number): Promise<boolean> {
      const rows = await q.insert(parentLinks).values({ parentUserId, studentUserId }).onConflictDoNothing().returning({ id: parentLinks.parentUserId });
      return rows.length > 0;
    },

    async unlinkParent(q: Db, parentUserId: number, studentUserId: number): Promise<boolean> {
      const rows = await q
        .delete(parentLinks)
        .where(and(eq(parentLinks.parentUserId, parentUserId), eq(parentLinks.studentUserId, studentUserId)))
        .returning({ id: parentLinks.parentUserId });
      return rows.length > 0;
    },

    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Db));
    },
  };
}
export type StudentsRepository = ReturnType<typeof createStudentsRepository>;
export type StudentRecord = NonNullable<Awaited<ReturnType<StudentsRepository['findStudent']>>>;
