import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  COMMON_ERRORS,
  SET_PASSWORD_LINK_TTL_MS,
  STUDENTS_ERRORS,
  type ChangePasswordBody,
  type CsvImportResult,
  type CsvImportStarted,
  type CsvPreview,
  type Language,
  type LinkParentBodySchema,
  type ListStudentsQuerySchema,
  type Permission,
  type ResetStudentPasswordBodySchema,
  type ResetStudentPasswordResult,
  type Role,
  type SendWelcomeLinksResult,
  type SetPasswordBody,
  type SetStudentActiveBodySchema,
  type StudentDetail,
  type StudentList,
  type StudentRow,
  type UnlinkParentBodySchema,
  type UpdateStudentBodySchema,
  type CreateRosterStudentBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor, ClassAssignment } from '../../lib/actor.js';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../db/client.js';
import { isoToDob } from '../../lib/dob.js';
import { AppError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/index.js';
import { translate } from '../../lib/language.js';
import type { Mailer } from '../../lib/mailer.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { studentReachOf } from '../../lib/policy.js';
import { pauseForTest } from '../../lib/test-pause.js';
import type { SmsSender } from '../../lib/sms.js';
import { JobError, type JobContext, type JobQueue, type QueuedJob } from '../jobs/jobs.queue.js';
import { checkRoster, readRoster, rollNumberPairs, TooManyRowsError, UnreadableCsvError, type CsvPlaces, type CsvStudent } from './students.csv.js';
import { setPasswordMail, setPasswordSms, type SetPasswordKind } from './students.mail.js';
import { canManageStudent, canPlaceStudent, canResetStudentPassword, type StudentTarget } from './students.policy.js';
import { isUniqueViolation, type NewStudent, type StudentRecord, type StudentsRepository } from './students.repository.js';

export interface StudentsServiceDeps {
  repo: StudentsRepository;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  jobs: JobQueue;
  files: FileStore;
  /** Cached sessions of a user are dropped when their account changes (auth service). */
  forgetSessions: (userId: number) => void;
  /** The process's password hasher (argon2id, at most PASSWORD_HASH_CONCURRENCY at once). */
  passwords: PasswordHasher;
  /** Where set-password links point: the site's address. */
  publicUrl: string;
  log?: (message: string, error?: unknown) => void;
}

/** The job kind of a roster import; its result is a CsvImportResult. */
export const STUDENT_IMPORT_JOB = 'student-import';

/** What a queued import knows of its requester (an Actor's Set does not survive JSON). */
interface ImportActor {
  userId: number;
  role: Role;
  clientId: string;
  instituteId: number | null;
  classes: ClassAssignment[];
  permissions: Permission[];
}
interface ImportJobPayload {
  fileKey: string;
  institutionIds: number[];
  language: Language;
  actor: ImportActor;
}

type ListQuery = z.output<typeof ListStudentsQuerySchema>;
type CreateBody = z.output<typeof CreateRosterStudentBodySchema>;
type UpdateBody = z.output<typeof UpdateStudentBodySchema>;
type SetActiveBody = z.output<typeof SetStudentActiveBodySchema>;
type LinkBody = z.output<typeof LinkParentBodySchema>;
type UnlinkBody = z.output<typeof UnlinkParentBodySchema>;
type ResetBody = z.output<typeof ResetStudentPasswordBodySchema>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError(COMMON_ERRORS.NOT_FOUND);
const CSV_SAMPLE_ROWS = 20;
/** Set-password messages sent at once after an import. */
const MESSAGE_CONCURRENCY = 8;

function rowOf(record: StudentRecord): StudentRow {
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

const targetOf = (record: StudentRecord): StudentTarget => ({
  userId: record.id,
  role: record.role,
  clientId: record.clientId,
  instituteId: record.instituteId,
  classId: record.classId,
  sectionId: record.sectionId,
});

/** The audited view of a student: never a password or its hash. */
const auditView = (record: StudentRecord | StudentRow) => ({
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

function uniqueError(constraint: string): AppError {
  if (constraint.includes('roll_number')) return new AppError(STUDENTS_ERRORS.STUDENTS_ROLL_NUMBER_TAKEN, { fields: { rollNumber: 'studentRollNumberTaken' } });
  if (constraint.includes('email')) return new AppError(STUDENTS_ERRORS.STUDENTS_EMAIL_TAKEN, { fields: { email: 'studentEmailTaken' } });
  if (constraint.includes('phone')) return new AppError(STUDENTS_ERRORS.STUDENTS_PHONE_TAKEN, { fields: { phone: 'studentPhoneTaken' } });
  return new AppError(STUDENTS_ERRORS.STUDENTS_USERNAME_TAKEN, { fields: { username: 'studentUsernameTaken' } });
}

/** Whether the institute is one the actor's staff role covers (its own; a client admin's client). */
function reachesInstitute(actor: Actor, institute: { id: number; clientId: string }): boolean {
  if (!actor.permissions.has('students.manage') || institute.clientId !== actor.clientId) return false;
  return actor.role === 'ClientAdmin' || actor.instituteId === institute.id;
}

export function createStudentsService(deps: StudentsServiceDeps) {
  const { repo, clock, mailer, sms, jobs, files } = deps;
  const log = deps.log ?? (() => undefined);

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

  function newLink(userId: number, target: string) {
    const now = clock.now();
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    return {
      link: { id, userId, target, tokenHash: sha256(token), createdAt: now, expiresAt: new Date(now.getTime() + SET_PASSWORD_LINK_TTL_MS) },
      url: `${deps.publicUrl.replace(/\/$/, '')}/set-password?token=${encodeURIComponent(`${id}.${token}`)}`,
    };
  }

  /** Sends the link by e-mail, or by SMS when there is only a phone; which one it used. */
  async function sendLink(kind: SetPasswordKind, student: { email: string | null; phone: string | null; firstName: string; username: string }, url: string, language: Language) {
    if (student.email) {
      await mailer.send(setPasswordMail(kind, student.email, { name: student.firstName || student.username, username: student.username }, url, language));
      return 'email' as const;
    }
    if (student.phone) {
      await sms.send({ to: student.phone, text: setPasswordSms(kind, student.username, url, language) });
      return 'sms' as const;
    }
    return null;
  }

  /**
   * Sends each student their welcome (set-password) link, a few at a time: the mail and SMS
   * transports wait on the network (or the disk). Says how many went by which way and who failed.
   */
  async function sendWelcomes(messages: Array<{ student: Parameters<typeof sendLink>[1]; url: string; language: Language }>) {
    let mailed = 0;
    let texted = 0;
    const unsent: string[] = [];
    let next = 0;
    const sender = async () => {
      while (next < messages.length) {
        const { student, url, language } = messages[next++]!;
        try {
          const sent = await sendLink('welcome', student, url, language);
          if (sent === 'email') mailed += 1;
          if (sent === 'sms') texted += 1;
        } catch (error) {
          unsent.push(student.username);
          log(`set-password message to student ${student.username} failed`, error);
        }
      }
    };
    await Promise.all(Array.from({ length: MESSAGE_CONCURRENCY }, sender));
    return { mailed, texted, unsent };
  }

  const languageOfStudent = async (languageId: number | null): Promise<Language> => ((await repo.languageCodeOf(languageId)) === 'tn' ? 'tn' : 'en');

  // ---------- CSV roster ----------

  /** Institutes an upload may write to: the InstitutionId list (each in reach, else 404), or the actor's reach. */
  async function placesFor(actor: Actor, institutionIds: number[]): Promise<CsvPlaces> {
    let ids: Array<{ id: number; clientId: string }>;
    if (actor.role === 'ClientAdmin') {
      const all = await repo.institutesOfClient(actor.clientId);
      ids = institutionIds.length ? all.filter((i) => institutionIds.includes(i.id)) : all;
    } else {
      const own = actor.instituteId === null ? undefined : await repo.findInstitute(actor.instituteId);
      ids = own && own.clientId === actor.clientId && (!institutionIds.length || institutionIds.includes(own.id)) ? [{ id: own.id, clientId: own.clientId }] : [];
    }
    if (institutionIds.length && ids.length !== new Set(institutionIds).size) throw notFound();
    if (!ids.length) throw notFound();
    const classRows = await repo.classesOf(ids.map((i) => i.id));
    const sectionRows = await repo.sectionsOf(classRows.map((c) => c.id));
    const places: CsvPlaces = { institutes: new Map(), defaultInstituteId: ids.length === 1 ? ids[0]!.id : (actor.instituteId ?? null) };
    for (const institute of ids) places.institutes.set(institute.id, { clientId: institute.clientId, classes: new Map() });
    for (const cls of classRows) {
      places.institutes.get(cls.instituteId)!.classes.set(cls.name.toLowerCase(), { id: cls.id, name: cls.name, sections: new Map() });
    }
    for (const section of sectionRows) {
      const cls = classRows.find((c) => c.id === section.classId)!;
      places.institutes.get(cls.instituteId)!.classes.get(cls.name.toLowerCase())?.sections.set(section.name.toLowerCase(), { id: section.id, name: section.name });
    }
    return places;
  }

  async function checkFile(actor: Actor, file: Buffer, institutionIds: number[], language: Language) {
    const places = await placesFor(actor, institutionIds);
    let parsed;
    try {
      parsed = await readRoster(file, language);
    } catch (error) {
      if (error instanceof TooManyRowsError) throw new AppError(STUDENTS_ERRORS.STUDENTS_CSV_TOO_MANY);
      if (error instanceof UnreadableCsvError) throw new AppError(STUDENTS_ERRORS.STUDENTS_CSV_UNREADABLE, { fields: { file: 'studentCsvUnreadable' } });
      throw error;
    }
    if (!parsed.rows.length && !parsed.fileErrors.length) throw new AppError(STUDENTS_ERRORS.STUDENTS_CSV_EMPTY, { fields: { file: 'studentCsvEmpty' } });
    const column = (name: string) => parsed.rows.map((r) => r.values[name] ?? '').filter(Boolean);
    const taken = {
      ...(await repo.takenValues({ usernames: column('username'), emails: column('email'), phones: column('phone') })),
      rollNumbers: await repo.takenRollNumbers(rollNumberPairs(parsed, places)),
    };
    const result = await checkRoster(parsed, places, taken, clock.now().toISOString().slice(0, 10), language);
    // A teacher with assigned sections may only place rows in those sections.
    for (const student of [...result.students]) {
      if (!canPlaceStudent(actor, { clientId: student.clientId, instituteId: student.instituteId, classId: student.classId, sectionId: student.sectionId })) {
        result.students.splice(result.students.indexOf(student), 1);
        result.errors.push({ row: student.row, column: 'class', message: translate('studentCsvUnknownClass', language) });
      }
    }
    result.errors.sort((a, b) => a.row - b.row);
    return { total: parsed.rows.length, ...result };
  }

  function refuseInvalid(errors: Array<{ row: number; column: string; message: string }>): void {
    if (!errors.length) return;
    const fields: Record<string, string> = {};
    for (const error of errors) fields[`row ${error.row}${error.column ? ` ${error.column}` : ''}`] ??= error.message;
    throw new AppError(STUDENTS_ERRORS.STUDENTS_CSV_INVALID, { fields });
  }

  function actorOfJob(snapshot: ImportActor): Actor {
    return { ...snapshot, sessionId: '', email: null, username: '', classId: null, sectionId: null, children: [], permissions: new Set(snapshot.permissions) };
  }

  /**
   * Writes every checked row in one transaction (or none), then sends each student their link.
   * A job's success is written in the same transaction (`succeedIn`) with every student listed as
   * unsent, and the list shrinks to the failures once the messages are out: after a crash the
   * job reports what was imported and whom to send a link again.
   */
  async function importStudents(
    actor: Actor,
    students: CsvStudent[],
    onProgress: (done: number) => void,
    succeedIn?: (tx: Db, result: CsvImportResult) => Promise<void>,
  ): Promise<CsvImportResult> {
    const languageIds = { en: await repo.languageIdOf('en'), tn: await repo.languageIdOf('tn') };
    const rows: NewStudent[] = students.map((s) => ({
      username: s.username,
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      phone: s.phone,
      dob: s.dob,
      clientId: s.clientId,
      instituteId: s.instituteId,
      classId: s.classId,
      sectionId: s.sectionId,
      languageId: languageIds[s.language],
      rollNumber: s.rollNumber ?? null,
    }));
    const messages: Array<{ student: CsvStudent; url: string }> = [];
    try {
      await repo.transaction(async (tx) => {
        const ids = await repo.insertStudents(tx, rows, onProgress);
        const links = ids.map((id, i) => {
          const student = students[i]!;
          const { link, url } = newLink(id, student.email ?? student.phone ?? '');
          messages.push({ student, url });
          return link;
        });
        await repo.insertSetPasswordLinks(tx, links);
        // One entry per import: the rows written, by user id and username.
        await recordAudit(tx, actor, {
          action: 'students.import',
          targetType: 'import',
          targetId: ids[0] ?? 0,
          instituteId: students[0]?.instituteId ?? actor.instituteId,
          after: { count: ids.length, students: ids.map((id, i) => ({ id, username: students[i]!.username })) },
        });
        if (succeedIn) await succeedIn(tx, { imported: ids.length, mailed: 0, texted: 0, unsent: messages.map((m) => m.student.username) });
      });
    } catch (error) {
      const constraint = isUniqueViolation(error);
      if (constraint) throw uniqueError(constraint);
      throw error;
    }
    await pauseForTest('student-import:committed');
    const sent = await sendWelcomes(messages.map(({ student, url }) => ({ student, url, language: student.language })));
    return { imported: rows.length, ...sent };
  }

  async function bufferOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  /** The job: checks the stored file again (the roster may have changed), then imports all or nothing. One attempt only. */
  async function runImport(job: QueuedJob<ImportJobPayload>, ctx: JobContext): Promise<CsvImportResult> {
    const { fileKey, institutionIds, language } = job.payload;
    const actor = actorOfJob(job.payload.actor);
    try {
      const stored = await files.get(fileKey);
      if (!stored) throw new JobError('The uploaded file is no longer stored; upload it again.', { retry: false });
      const checked = await checkFile(actor, await bufferOf(stored.stream), institutionIds, language);
      ctx.progress(0, checked.total);
      for (const error of checked.errors) ctx.itemError(`row ${error.row}`, `${error.column}: ${error.message}`);
      if (checked.errors.length) throw new JobError(translate('studentCsvInvalid', language), { retry: false });
      ctx.throwIfCancelled();
      return await importStudents(actor, checked.students, (done) => ctx.progress(done, checked.total), (tx, result) => ctx.succeedIn(tx, result));
    } catch (error) {
      if (error instanceof AppError) throw new JobError(translate(error.detail ?? error.def.message, language), { retry: false, cause: error });
      throw error;
    } finally {
      await files.delete(fileKey);
    }
  }
  jobs.registerHandler<ImportJobPayload, CsvImportResult>(STUDENT_IMPORT_JOB, runImport);

  return {
    async list(actor: Actor, query: ListQuery): Promise<StudentList> {
      const reach = studentReachOf(actor, 'students.manage');
      const { items, total } = await repo.list(reach, query);
      return { items: items.map(rowOf), total };
    },

    async get(actor: Actor, id: number): Promise<StudentDetail> {
      await studentInScope(actor, id, canManageStudent);
      return detail(id);
    },

    async create(actor: Actor, body: CreateBody): Promise<StudentDetail> {
      const instituteId = body.instituteId ?? actor.instituteId;
      if (instituteId === null) throw new AppError(STUDENTS_ERRORS.STUDENTS_INSTITUTE_INVALID, { fields: { instituteId: 'instituteInvalid' } });
      const institute = await repo.findInstitute(instituteId);
      if (!institute) throw new AppError(STUDENTS_ERRORS.STUDENTS_INSTITUTE_INVALID, { fields: { instituteId: 'instituteInvalid' } });
      const place = { clientId: institute.clientId, instituteId, classId: body.classId, sectionId: body.sectionId };
      if (!reachesInstitute(actor, institute)) throw notFound();
      await placeIn(instituteId, body.classId, body.sectionId);
      if (!canPlaceStudent(actor, place)) throw notFound();
      if (body.dob && body.dob.split('-').reverse().join('-') >= clock.now().toISOString().slice(0, 10)) {
        throw new AppError(STUDENTS_ERRORS.STUDENTS_DOB_NOT_PAST, { fields: { dob: 'dobNotPast' } });
      }
      await checkTaken(body);
      await checkRollNumberFree(instituteId, body.rollNumber);
      const student: CsvStudent = {
        row: 0,
        username: body.username,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phone: body.phone,
        dob: body.dob ? body.dob.split('-').reverse().join('-') : null,
        language: body.language,
        clientId: institute.clientId,
        instituteId,
        classId: body.classId,
        className: '',
        sectionId: body.sectionId,
        sectionName: null,
        rollNumber: body.rollNumber ?? null,
      };
      const languageId = await repo.languageIdOf(body.language);
      let url = '';
      let id = 0;
      try {
        await repo.transaction(async (tx) => {
          [id] = (await repo.insertStudents(tx, [{ ...student, languageId }])) as [number];
          const made = newLink(id, student.email ?? student.phone ?? '');
          url = made.url;
          await repo.insertSetPasswordLinks(tx, [made.link]);
          await recordAudit(tx, actor, { action: 'students.create', targetType: 'user', targetId: id, targetUserId: id, instituteId, after: auditView({ ...student, id, isActive: true } as never) });
        });
      } catch (error) {
        const constraint = isUniqueViolation(error);
        if (constraint) throw uniqueError(constraint);
        throw error;
      }
      await sendLink('welcome', student, url, body.language).catch((error: unknown) => log('set-password message failed', error));
      return detail(id);
    },

    async update(actor: Actor, body: UpdateBody): Promise<StudentDetail> {
      const before = await studentInScope(actor, body.id, canManageStudent);
      const classId = body.classId ?? before.classId;
      const sectionId = body.sectionId !== undefined ? body.sectionId : body.classId !== undefined && body.classId !== before.classId ? null : before.sectionId;
      if (classId !== before.classId || sectionId !== before.sectionId) {
        if (before.instituteId === null || classId === null) throw new AppError(STUDENTS_ERRORS.STUDENTS_CLASS_INVALID, { fields: { classId: 'classInvalid' } });
        await placeIn(before.instituteId, classId, sectionId);
        // A teacher moves students only into classes they teach.
        if (!canPlaceStudent(actor, { clientId: before.clientId, instituteId: before.instituteId, classId, sectionId })) throw notFound();
      }
      if (body.dob && body.dob.split('-').reverse().join('-') >= clock.now().toISOString().slice(0, 10)) {
        throw new AppError(STUDENTS_ERRORS.STUDENTS_DOB_NOT_PAST, { fields: { dob: 'dobNotPast' } });
      }
      const changes = {
        ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.dob !== undefined ? { dob: body.dob ? body.dob.split('-').reverse().join('-') : null } : {}),
        ...(body.rollNumber !== undefined ? { rollNumber: body.rollNumber } : {}),
        classId,
        sectionId,
      };
      const email = changes.email !== undefined ? changes.email : before.email;
      const phone = changes.phone !== undefined ? changes.phone : before.phone;
      if (!email && !phone) throw new AppError(STUDENTS_ERRORS.STUDENTS_NO_CONTACT, { fields: { email: 'studentContactRequired' } });
      await checkTaken({ email: body.email ?? null, phone: body.phone ?? null }, before.id);
      await checkRollNumberFree(before.instituteId, body.rollNumber, before.id);
      try {
        await repo.transaction(async (tx) => {
          await repo.updateUser(tx, before.id, { ...changes, updatedAt: clock.now() });
          const after = await repo.findStudent(before.id, tx);
          await recordAudit(tx, actor, {
            action: classId !== before.classId || sectionId !== before.sectionId ? 'students.move' : 'students.update',
            targetType: 'user',
            targetId: before.id,
            targetUserId: before.id,
            instituteId: before.instituteId,
            before: auditView(before),
            after: auditView(after!),
          });
        });
      } catch (error) {
        const constraint = isUniqueViolation(error);
        if (constraint) throw uniqueError(constraint);
        throw error;
      }
      // The student's cached session carries their class.
      deps.forgetSessions(before.id);
      return detail(before.id);
    },

    /** Deactivating ends every session and refuses sign-in; the student's data stays. */
    async setActive(actor: Actor, body: SetActiveBody): Promise<StudentDetail> {
      const before = await studentInScope(actor, body.id, canManageStudent);
      if (before.isActive !== body.isActive) {
        await repo.transaction(async (tx) => {
          const now = clock.now();
          await repo.updateUser(tx, before.id, { isActive: body.isActive, updatedAt: now });
          if (!body.isActive) await repo.revokeSessions(tx, before.id, now);
          await recordAudit(tx, actor, {
            action: body.isActive ? 'students.reactivate' : 'students.deactivate',
            targetType: 'user',
            targetId: before.id,
            targetUserId: before.id,
            instituteId: before.instituteId,
            before: { isActive: before.isActive },
            after: { isActive: body.isActive },
          });
        });
        deps.forgetSessions(before.id);
      }
      return detail(before.id);
    },

    async linkParent(actor: Actor, body: LinkBody): Promise<StudentDetail> {
      const student = await studentInScope(actor, body.id, canManageStudent);
      const email = body.email.toLowerCase();
      let parentUserId = 0;
      try {
        await repo.transaction(async (tx) => {
          const existing = await repo.findUserByEmail(tx, email);
          if (existing && existing.role !== 'Parent') throw new AppError(STUDENTS_ERRORS.STUDENTS_PARENT_EMAIL_NOT_PARENT, { fields: { email: 'studentParentEmailTaken' } });
          parentUserId = existing?.id ?? (await repo.createParent(tx, { email, firstName: body.parentName ?? '', clientId: student.clientId, instituteId: student.instituteId }));
          if (await repo.linkParent(tx, parentUserId, student.id)) {
            await recordAudit(tx, actor, {
              action: 'students.linkParent',
              targetType: 'user',
              targetId: student.id,
              targetUserId: student.id,
              instituteId: student.instituteId,
              after: { parentUserId, email, created: !existing },
            });
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(STUDENTS_ERRORS.STUDENTS_PARENT_EMAIL_NOT_PARENT, { fields: { email: 'studentParentEmailTaken' } });
        throw error;
      }
      // A signed-in parent sees the new child at once.
      deps.forgetSessions(parentUserId);
      return detail(student.id);
    },

    async unlinkParent(actor: Actor, body: UnlinkBody): Promise<StudentDetail> {
      const student = await studentInScope(actor, body.id, canManageStudent);
      const removed = await repo.transaction(async (tx) => {
        const done = await repo.unlinkParent(tx, body.parentUserId, student.id);
        if (done) {
          await recordAudit(tx, actor, {
            action: 'students.unlinkParent',
            targetType: 'user',
            targetId: student.id,
            targetUserId: student.id,
            instituteId: student.instituteId,
            before: { parentUserId: body.parentUserId },
          });
        }
        return done;
      });
      if (!removed) throw notFound();
      deps.forgetSessions(body.parentUserId);
      return detail(student.id);
    },

    /** A reset link, or a temporary password to change at the next sign-in; every session ends. */
    async resetPassword(actor: Actor, body: ResetBody): Promise<ResetStudentPasswordResult> {
      const student = await studentInScope(actor, body.id, canResetStudentPassword);
      const now = clock.now();
      if (body.mode === 'link') {
        if (!student.email && !student.phone) throw new AppError(STUDENTS_ERRORS.STUDENTS_NO_CONTACT);
        const made = newLink(student.id, student.email ?? student.phone ?? '');
        await repo.transaction(async (tx) => {
          await repo.retireSetPasswordLinks(tx, student.id, now);
          await repo.insertSetPasswordLinks(tx, [made.link]);
          await repo.revokeSessions(tx, student.id, now);
          await recordAudit(tx, actor, { action: 'students.resetPassword', targetType: 'user', targetId: student.id, targetUserId: student.id, instituteId: student.instituteId, after: { mode: 'link' } });
        });
        deps.forgetSessions(student.id);
        const sentTo = await sendLink('reset', student, made.url, await languageOfStudent(student.languageId));
        return { mode: 'link', sentTo };
      }
      const passwordHash = await deps.passwords.hash(body.temporaryPassword!);
      await repo.transaction(async (tx) => {
        await repo.updateUser(tx, student.id, { passwordHash, mustChangePassword: true, updatedAt: now });
        await repo.retireSetPasswordLinks(tx, student.id, now);
        await repo.revokeSessions(tx, student.id, now);
        await recordAudit(tx, actor, { action: 'students.resetPassword', targetType: 'user', targetId: student.id, targetUserId: student.id, instituteId: student.instituteId, after: { mode: 'temporary' } });
      });
      deps.forgetSessions(student.id);
      return { mode: 'temporary', sentTo: null };
    },

    /**
     * New set-password links for the named students (an import's unsent list): every name must be
     * a student the actor manages, else 404 and nothing is sent. Earlier links are retired.
     */
    async sendWelcomeLinks(actor: Actor, body: { usernames: string[] }): Promise<SendWelcomeLinksResult> {
      const usernames = [...new Set(body.usernames)];
      const records = await repo.findStudentsByUsername(usernames);
      if (records.length !== usernames.length || records.some((record) => !canManageStudent(actor, targetOf(record)))) throw notFound();
      const now = clock.now();
      const messages: Array<{ student: (typeof records)[number]; url: string }> = [];
      await repo.transaction(async (tx) => {
        const links = [];
        for (const student of records) {
          await repo.retireSetPasswordLinks(tx, student.id, now);
          if (!student.email && !student.phone) continue;
          const made = newLink(student.id, student.email ?? student.phone ?? '');
          links.push(made.link);
          messages.push({ student, url: made.url });
        }
        await repo.insertSetPasswordLinks(tx, links);
        await recordAudit(tx, actor, {
          action: 'students.sendWelcomeLinks',
          targetType: 'user',
          targetId: records[0]!.id,
          instituteId: records[0]!.instituteId,
          after: { count: records.length, students: records.map((r) => ({ id: r.id, username: r.username })) },
        });
      });
      const noContact = records.filter((r) => !r.email && !r.phone).map((r) => r.username);
      const withLanguage = [];
      for (const { student, url } of messages) withLanguage.push({ student, url, language: await languageOfStudent(student.languageId) });
      const sent = await sendWelcomes(withLanguage);
      return { ...sent, unsent: [...noContact, ...sent.unsent] };
    },

    async previewCsv(actor: Actor, file: Buffer, institutionIds: number[], language: Language): Promise<CsvPreview> {
      const checked = await checkFile(actor, file, institutionIds, language);
      return {
        total: checked.total,
        valid: checked.students.length,
        errors: checked.errors,
        sample: checked.students.slice(0, CSV_SAMPLE_ROWS).map((s) => ({
          row: s.row,
          username: s.username,
          name: `${s.firstName} ${s.lastName}`.trim(),
          className: s.className,
          sectionName: s.sectionName,
          instituteId: s.instituteId,
        })),
      };
    },

    /** Checks now (any bad row answers 422 with one message per row, nothing kept), then queues the import job. */
    async uploadCsv(actor: Actor, file: Buffer, institutionIds: number[], language: Language): Promise<CsvImportStarted> {
      const checked = await checkFile(actor, file, institutionIds, language);
      refuseInvalid(checked.errors);
      const stored = await files.put({ prefix: 'student-imports' }, file, { contentType: 'text/csv' });
      const payload: ImportJobPayload = {
        fileKey: stored.key,
        institutionIds,
        language,
        actor: { userId: actor.userId, role: actor.role, clientId: actor.clientId, instituteId: actor.instituteId, classes: [...actor.classes], permissions: [...actor.permissions] },
      };
      const jobId = await jobs.enqueue(STUDENT_IMPORT_JOB, payload, { requestedBy: actor.userId, maxAttempts: 1 });
      return { jobId, total: checked.total };
    },

    /** For the benchmark and tests: check and import a file at once, without the job queue. */
    async importNow(actor: Actor, file: Buffer, institutionIds: number[] = []): Promise<CsvImportResult> {
      const checked = await checkFile(actor, file, institutionIds, 'en');
      refuseInvalid(checked.errors);
      return importStudents(actor, checked.students, () => undefined);
    },

    /** Public: the link's token sets the password once; every session of the account ends. */
    async setPassword(body: SetPasswordBody): Promise<void> {
      const [id, token] = body.token.split('.');
      const invalid = () => new AppError(STUDENTS_ERRORS.STUDENTS_SET_PASSWORD_LINK_INVALID);
      if (!id || !token || !UUID_PATTERN.test(id)) throw invalid();
      const link = await repo.findSetPasswordLink(id);
      const now = clock.now();
      if (!link || link.userId === null || link.consumedAt || link.expiresAt <= now || link.codeHash !== sha256(token)) throw invalid();
      const passwordHash = await deps.passwords.hash(body.password);
      const userId = link.userId;
      await repo.transaction(async (tx) => {
        if (!(await repo.consumeLink(tx, link.id, now))) throw invalid();
        await repo.updateUser(tx, userId, { passwordHash, mustChangePassword: false, emailVerified: link.target.includes('@') ? true : undefined, updatedAt: now });
        await repo.revokeSessions(tx, userId, now);
      });
      deps.forgetSessions(userId);
    },

    /** The signed-in user's own password; their other sessions end. */
    async changePassword(actor: Actor, body: ChangePasswordBody): Promise<void> {
      const current = await repo.findPasswordOf(actor.userId);
      if (!current || !(await deps.passwords.verify(body.currentPassword, current.passwordHash))) {
        throw new AppError(STUDENTS_ERRORS.STUDENTS_CURRENT_PASSWORD_WRONG, { fields: { currentPassword: 'currentPasswordWrong' } });
      }
      const passwordHash = await deps.passwords.hash(body.password);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.updateUser(tx, actor.userId, { passwordHash, mustChangePassword: false, updatedAt: now });
        await repo.revokeSessions(tx, actor.userId, now, actor.sessionId);
      });
      deps.forgetSessions(actor.userId);
    },
  };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
