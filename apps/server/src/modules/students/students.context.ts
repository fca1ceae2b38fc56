import { COMMON_ERRORS, STUDENTS_ERRORS, type Language, type StudentDetail, type StudentRow } from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { isoToDob } from '../../lib/dob.js';
import { AppError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/index.js';
import type { Mailer } from '../../lib/mailer.js';
import type { SmsSender } from '../../lib/sms.js';
import type { Credentials } from '../auth/auth.credentials.js';
import type { JobQueue } from '../jobs/jobs.queue.js';
import { createSetPasswordMessages } from './students.messages.js';
import type { StudentTarget } from './students.policy.js';
import type { StudentRecord, StudentsRepository } from './students.repository.js';

export interface StudentsServiceDeps {
  repo: StudentsRepository;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  jobs: JobQueue;
  files: FileStore;
  /** Cached sessions of a user are dropped when their account changes (auth service). */
  forgetSessions: (userId: number) => void;
  /** Set-password links, temporary passwords, password changes and ended sessions: written by auth (decision 090). */
  credentials: Credentials;
  /** Where set-password links point: the site's address. */
  publicUrl: string;
  log?: (message: string, error?: unknown) => void;
}

export const notFound = () => new AppError(COMMON_ERRORS.NOT_FOUND);

export function rowOf(record: StudentRecord): StudentRow {
  return {
    id: record.id,
    username: record.username,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phone: record.phone,
    dob: isoToDob(record.dob),
    instituteId: record.instituteId,
    instituteName: record.instituteName,
    classId: record.classId,
    className: record.className,
    sectionId: record.sectionId,
    sectionName: record.sectionName,
    rollNumber: record.rollNumber ?? null,
    isActive: record.isActive,
    hasPassword: Boolean(record.hasPassword),
    mustChangePassword: record.mustChangePassword,
    createdAt: new Date(record.createdAt).toISOString(),
  };
}

export const targetOf = (record: StudentRecord): StudentTarget => ({
  userId: record.id,
  role: record.role,
  clientId: record.clientId,
  instituteId: record.instituteId,
  classId: record.classId,
  sectionId: record.sectionId,
});

/** The audited view of a student: never a password or its hash. */
export const auditView = (record: StudentRecord | StudentRow) => ({
  username: record.username,
  firstName: record.firstName,
  lastName: record.lastName,
  email: record.email,
  phone: record.phone,
  classId: record.classId,
  sectionId: record.sectionId,
  rollNumber: record.rollNumber ?? null,
  isActive: record.isActive,
});

export function uniqueError(constraint: string): AppError {
  if (constraint.includes('roll_number')) return new AppError(STUDENTS_ERRORS.STUDENTS_ROLL_NUMBER_TAKEN, { fields: { rollNumber: 'studentRollNumberTaken' } });
  if (constraint.includes('email')) return new AppError(STUDENTS_ERRORS.STUDENTS_EMAIL_TAKEN, { fields: { email: 'studentEmailTaken' } });
  if (constraint.includes('phone')) return new AppError(STUDENTS_ERRORS.STUDENTS_PHONE_TAKEN, { fields: { phone: 'studentPhoneTaken' } });
  return new AppError(STUDENTS_ERRORS.STUDENTS_USERNAME_TAKEN, { fields: { username: 'studentUsernameTaken' } });
}

/**
 * What the students service's operation files share: their deps, the scope check, a student's
 * detail, the checks of a place and of taken values, and the set-password messages.
 */
export function createStudentsContext(deps: StudentsServiceDeps) {
  const { repo } = deps;

  /** The student, when the actor may act on them with `check`; otherwise 404. */
  async function studentInScope(actor: Actor, id: number, check: (actor: Actor, target: StudentTarget) => boolean): Promise<StudentRecord> {
    const record = await repo.findStudent(id);
    if (!record || !check(actor, targetOf(record))) throw notFound();
    return record;
  }

  async function detail(id: number, q: Db = repo.db): Promise<StudentDetail> {
    const record = await repo.findStudent(id, q);
    if (!record) throw notFound();
    const parents = await repo.parentsOf(id, q);
    return {
      ...rowOf(record),
      parents: parents.map((p) => ({ userId: p.userId, email: p.email, name: [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username })),
    };
  }

  /** A class of the institute and, when given, one of its sections; 400 otherwise. */
  async function placeIn(instituteId: number, classId: number, sectionId: number | null) {
    const [cls] = (await repo.classesOf([instituteId])).filter((c) => c.id === classId);
    if (!cls) throw new AppError(STUDENTS_ERRORS.STUDENTS_CLASS_INVALID, { fields: { classId: 'classInvalid' } });
    if (sectionId !== null) {
      const [section] = (await repo.sectionsOf([classId])).filter((s) => s.id === sectionId);
      if (!section) throw new AppError(STUDENTS_ERRORS.STUDENTS_SECTION_INVALID, { fields: { sectionId: 'sectionInvalid' } });
    }
  }

  async function checkTaken(values: { username?: string; email?: string | null; phone?: string | null }, exceptUserId?: number) {
    const taken = await repo.takenValues(
      { usernames: values.username ? [values.username] : [], emails: values.email ? [values.email] : [], phones: values.phone ? [values.phone] : [] },
      exceptUserId,
    );
    if (taken.usernames.size) throw uniqueError('username');
    if (taken.emails.size) throw uniqueError('email');
    if (taken.phones.size) throw uniqueError('phone');
  }

  async function checkRollNumberFree(instituteId: number | null, rollNumber: string | null | undefined, exceptUserId?: number) {
    if (!rollNumber || instituteId === null) return;
    if ((await repo.takenRollNumbers([{ instituteId, rollNumber }], exceptUserId)).size) throw uniqueError('roll_number');
  }

  const languageOfStudent = async (languageId: number | null): Promise<Language> => ((await repo.languageCodeOf(languageId)) === 'tn' ? 'tn' : 'en');

  return {
    deps,
    log: deps.log ?? (() => undefined),
    studentInScope,
    detail,
    placeIn,
    checkTaken,
    checkRollNumberFree,
    languageOfStudent,
    messages: createSetPasswordMessages(deps),
  };
}
export type StudentsContext = ReturnType<typeof createStudentsContext>;
