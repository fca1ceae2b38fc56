import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { STUDENT_ROLES, type ListStudentsQuery } from '@app/contracts';
import type { z } from 'zod';
import type { ListStudentsQuerySchema } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { classDirectory, familyLinks, instituteDirectory, languageDirectory, sectionDirectory, userDirectory } from '../../db/schema/index.js';
import type { Accounts } from '../auth/auth.accounts.js';
import type { AccountChanges } from '../auth/auth.repository.js';
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

const clientOf = sql<string>`coalesce(${instituteDirectory.clientId}, ${userDirectory.clientId})`;

const studentColumns = {
  id: userDirectory.id,
  username: userDirectory.username,
  firstName: userDirectory.firstName,
  lastName: userDirectory.lastName,
  email: userDirectory.email,
  phone: userDirectory.phone,
  dob: userDirectory.dob,
  role: userDirectory.role,
  clientId: clientOf,
  instituteId: userDirectory.instituteId,
  instituteName: instituteDirectory.name,
  classId: userDirectory.classId,
  className: classDirectory.name,
  sectionId: userDirectory.sectionId,
  sectionName: sectionDirectory.name,
  rollNumber: userDirectory.rollNumber,
  isActive: userDirectory.isActive,
  hasPassword: userDirectory.hasPassword,
  mustChangePassword: userDirectory.mustChangePassword,
  createdAt: userDirectory.createdAt,
  languageId: userDirectory.languageId,
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
        eq(userDirectory.instituteId, reach.instituteId),
        sql`exists (select 1 from ${instituteDirectory} i where i.id = ${reach.instituteId} and i.client_id = ${reach.clientId})`,
      )!;
      if (reach.classes.length === 0) return base;
      const taught = reach.classes.map((a) =>
        a.sectionId === null ? eq(userDirectory.classId, a.classId) : and(eq(userDirectory.classId, a.classId), eq(userDirectory.sectionId, a.sectionId))!,
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

/** The accounts are auth's: read through its directory, written through its account writes (decision 093). */
export function createStudentsRepository(db: Db, accounts: Pick<Accounts, 'create' | 'update' | 'linkParent' | 'unlinkParent'>) {
  const fromStudents = (q: Db) =>
    q
      .select(studentColumns)
      .from(userDirectory)
      .leftJoin(instituteDirectory, eq(instituteDirectory.id, userDirectory.instituteId))
      .leftJoin(classDirectory, eq(classDirectory.id, userDirectory.classId))
      .leftJoin(sectionDirectory, eq(sectionDirectory.id, userDirectory.sectionId));

  return {
    db,

    async list(reach: StudentReach, query: ListQuery) {
      const conditions: SQL[] = [inArray(userDirectory.role, [...STUDENT_ROLES]), reachWhere(reach)];
      if (query.status !== 'all') conditions.push(eq(userDirectory.isActive, query.status === 'active'));
      if (query.instituteId) conditions.push(eq(userDirectory.instituteId, query.instituteId));
      if (query.classId) conditions.push(eq(userDirectory.classId, query.classId));
      if (query.sectionId) conditions.push(eq(userDirectory.sectionId, query.sectionId));
      if (query.search) {
        const like = `%${escapeLike(query.search)}%`;
        conditions.push(
          or(
            ilike(sql`(${userDirectory.firstName} || ' ' || ${userDirectory.lastName})`, like),
            ilike(userDirectory.username, like),
            ilike(userDirectory.email, like),
            ilike(userDirectory.phone, like),
          )!,
        );
      }
      const where = and(...conditions);
      const direction = query.sortDir === 'desc' ? desc : asc;
      const order: SQL[] = {
        name: [direction(sql`lower(${userDirectory.firstName})`), direction(sql`lower(${userDirectory.lastName})`)],
        username: [direction(sql`lower(${userDirectory.username})`)],
        email: [direction(userDirectory.email)],
        phone: [direction(userDirectory.phone)],
        className: [direction(classDirectory.name), direction(sectionDirectory.name)],
        createdAt: [direction(userDirectory.createdAt)],
      }[query.sortBy];
      const [items, [total]] = await Promise.all([
        fromStudents(db)
          .where(where)
          .orderBy(...order, direction(userDirectory.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: count() })
          .from(userDirectory)
          .leftJoin(instituteDirectory, eq(instituteDirectory.id, userDirectory.instituteId))
          .where(where),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    /** Students (with what `findStudent` gives) by username; names that are no student are left out. */
    async findStudentsByUsername(usernames: string[], q: Db = db) {
      if (!usernames.length) return [];
      return fromStudents(q).where(inArray(userDirectory.username, usernames));
    },

    async findStudent(id: number, q: Db = db) {
      const [row] = await fromStudents(q).where(eq(userDirectory.id, id)).limit(1);
      return row;
    },

    async parentsOf(studentId: number, q: Db = db) {
      return q
        .select({ userId: userDirectory.id, email: userDirectory.email, firstName: userDirectory.firstName, lastName: userDirectory.lastName, username: userDirectory.username })
        .from(familyLinks)
        .innerJoin(userDirectory, eq(userDirectory.id, familyLinks.parentUserId))
        .where(eq(familyLinks.studentUserId, studentId))
        .orderBy(asc(userDirectory.id));
    },

    async findInstitute(id: number) {
      const [row] = await db.select().from(instituteDirectory).where(eq(instituteDirectory.id, id)).limit(1);
      return row;
    },

    async institutesOfClient(clientId: string) {
      return db.select({ id: instituteDirectory.id, clientId: instituteDirectory.clientId }).from(instituteDirectory).where(eq(instituteDirectory.clientId, clientId));
    },

    async classesOf(instituteIds: number[]) {
      if (!instituteIds.length) return [];
      return db
        .select({ id: classDirectory.id, instituteId: classDirectory.instituteId, name: classDirectory.name })
        .from(classDirectory)
        .where(inArray(classDirectory.instituteId, instituteIds));
    },

    async sectionsOf(classIds: number[]) {
      if (!classIds.length) return [];
      return db.select({ id: sectionDirectory.id, classId: sectionDirectory.classId, name: sectionDirectory.name }).from(sectionDirectory).where(inArray(sectionDirectory.classId, classIds));
    },

    async languageIdOf(code: string): Promise<number | null> {
      const rows = await db.execute<{ id: number }>(sql`select id from ${languageDirectory} where code = ${code} limit 1`);
      const list = (rows as unknown as { rows?: Array<{ id: number }> }).rows ?? (rows as unknown as Array<{ id: number }>);
      return list[0] ? Number(list[0].id) : null;
    },

    async languageCodeOf(languageId: number | null): Promise<string | null> {
      if (languageId === null) return null;
      const rows = await db.execute<{ code: string }>(sql`select code from ${languageDirectory} where id = ${languageId} limit 1`);
      const list = (rows as unknown as { rows?: Array<{ code: string }> }).rows ?? (rows as unknown as Array<{ code: string }>);
      return list[0]?.code ?? null;
    },

    /** Which of these usernames, e-mails and phones already belong to an account (case-insensitive for the first two). */
    async takenValues(values: { usernames: string[]; emails: string[]; phones: string[] }, exceptUserId?: number) {
      const lower = (list: string[]) => [...new Set(list.map((v) => v.toLowerCase()))];
      const found = { usernames: new Set<string>(), emails: new Set<string>(), phones: new Set<string>() };
      const notSelf = exceptUserId === undefined ? sql`true` : sql`${userDirectory.id} <> ${exceptUserId}`;
      // In chunks: a bulk file checks thousands of values.
      for (let i = 0; i < Math.max(values.usernames.length, values.emails.length, values.phones.length); i += 1000) {
        const usernames = lower(values.usernames.slice(i, i + 1000));
        const emails = lower(values.emails.slice(i, i + 1000));
        const phones = [...new Set(values.phones.slice(i, i + 1000))];
        if (usernames.length) {
          const rows = await db.select({ v: sql<string>`lower(${userDirectory.username})` }).from(userDirectory).where(and(inArray(sql`lower(${userDirectory.username})`, usernames), notSelf));
          rows.forEach((r) => found.usernames.add(r.v));
        }
        if (emails.length) {
          const rows = await db.select({ v: sql<string>`lower(${userDirectory.email})` }).from(userDirectory).where(and(inArray(sql`lower(${userDirectory.email})`, emails), notSelf));
          rows.forEach((r) => found.emails.add(r.v));
        }
        if (phones.length) {
          const rows = await db.select({ v: userDirectory.phone }).from(userDirectory).where(and(inArray(userDirectory.phone, phones), notSelf));
          rows.forEach((r) => r.v && found.phones.add(r.v));
        }
      }
      return found;
    },

    /** Of these institute and roll-number pairs, those another student already has, as `instituteId:rollNumber`. */
    async takenRollNumbers(pairs: { instituteId: number; rollNumber: string }[], exceptUserId?: number): Promise<Set<string>> {
      const found = new Set<string>();
      const notSelf = exceptUserId === undefined ? sql`true` : sql`${userDirectory.id} <> ${exceptUserId}`;
      for (let i = 0; i < pairs.length; i += 1000) {
        const chunk = pairs.slice(i, i + 1000);
        const rows = await db
          .select({ instituteId: userDirectory.instituteId, rollNumber: userDirectory.rollNumber })
          .from(userDirectory)
          .where(and(inArray(userDirectory.rollNumber, [...new Set(chunk.map((p) => p.rollNumber))]), inArray(userDirectory.instituteId, [...new Set(chunk.map((p) => p.instituteId))]), notSelf));
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
          ? (await q.select({ id: instituteDirectory.id }).from(instituteDirectory).where(and(inArray(instituteDirectory.id, instituteIds), eq(instituteDirectory.isSchool, true)))).map((r) => r.id)
          : [],
      );
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        const batch = rows.slice(i, i + INSERT_BATCH);
        ids.push(...(await accounts.create(q, batch.map((row) => ({ ...row, role: studentRoleOf(schools.has(row.instituteId)), passwordHash: '', emailVerified: false, registeredAt: null })))));
        onBatch?.(ids.length);
      }
      return ids;
    },

    updateUser: (q: Db, id: number, values: AccountChanges): Promise<void> => accounts.update(q, id, values),

    async findUserByEmail(q: Db, email: string) {
      const [row] = await q.select({ id: userDirectory.id, role: userDirectory.role }).from(userDirectory).where(eq(sql`lower(${userDirectory.email})`, email.toLowerCase())).limit(1);
      return row;
    },

    async createParent(q: Db, values: { email: string; firstName: string; clientId: string; instituteId: number | null }): Promise<number> {
      // Parents sign in with an e-mail code; an empty hash matches no password.
      const [id] = await accounts.create(q, [
        { username: values.email, email: values.email, role: 'Parent', firstName: values.firstName, passwordHash: '', clientId: values.clientId, instituteId: values.instituteId },
      ]);
      return id!;
    },

    linkParent: (q: Db, parentUserId: number, studentUserId: number): Promise<boolean> => accounts.linkParent(q, parentUserId, studentUserId),

    unlinkParent: (q: Db, parentUserId: number, studentUserId: number): Promise<boolean> => accounts.unlinkParent(q, parentUserId, studentUserId),

    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Db));
    },
  };
}
export type StudentsRepository = ReturnType<typeof createStudentsRepository>;
export type StudentRecord = NonNullable<Awaited<ReturnType<StudentsRepository['findStudent']>>>;
