import {
  STUDENTS_ERRORS,
  type CreateRosterStudentBodySchema,
  type SetStudentActiveBodySchema,
  type StudentDetail,
  type UpdateStudentBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { CsvStudent } from './students.csv.js';
import { auditView, notFound, uniqueError, type StudentsContext } from './students.context.js';
import { canManageStudent, canPlaceStudent } from './students.policy.js';
import { isUniqueViolation } from './students.repository.js';

type CreateBody = z.output<typeof CreateRosterStudentBodySchema>;
type UpdateBody = z.output<typeof UpdateStudentBodySchema>;
type SetActiveBody = z.output<typeof SetStudentActiveBodySchema>;

/** Whether the institute is one the actor's staff role covers (its own; a client admin's client). */
function reachesInstitute(actor: Actor, institute: { id: number; clientId: string }): boolean {
  if (!actor.permissions.has('students.manage') || institute.clientId !== actor.clientId) return false;
  return actor.role === 'ClientAdmin' || actor.instituteId === institute.id;
}

/** One student added (with their welcome link), changed or moved, deactivated or reactivated. */
export function createStudentEdits(ctx: StudentsContext) {
  const { repo, clock, credentials, forgetSessions } = ctx.deps;
  return {
    async create(actor: Actor, body: CreateBody): Promise<StudentDetail> {
      const instituteId = body.instituteId ?? actor.instituteId;
      if (instituteId === null) throw new AppError(STUDENTS_ERRORS.STUDENTS_INSTITUTE_INVALID, { fields: { instituteId: 'instituteInvalid' } });
      const institute = await repo.findInstitute(instituteId);
      if (!institute) throw new AppError(STUDENTS_ERRORS.STUDENTS_INSTITUTE_INVALID, { fields: { instituteId: 'instituteInvalid' } });
      const place = { clientId: institute.clientId, instituteId, classId: body.classId, sectionId: body.sectionId };
      if (!reachesInstitute(actor, institute)) throw notFound();
      await ctx.placeIn(instituteId, body.classId, body.sectionId);
      if (!canPlaceStudent(actor, place)) throw notFound();
      if (body.dob && body.dob.split('-').reverse().join('-') >= clock.now().toISOString().slice(0, 10)) {
        throw new AppError(STUDENTS_ERRORS.STUDENTS_DOB_NOT_PAST, { fields: { dob: 'dobNotPast' } });
      }
      await ctx.checkTaken(body);
      await ctx.checkRollNumberFree(instituteId, body.rollNumber);
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
          const [token] = await credentials.issuePasswordLinks(tx, [{ userId: id, target: student.email ?? student.phone ?? '' }]);
          url = ctx.messages.urlOf(token!);
          await recordAudit(tx, actor, { action: 'students.create', targetType: 'user', targetId: id, targetUserId: id, instituteId, after: auditView({ ...student, id, isActive: true } as never) });
        });
      } catch (error) {
        const constraint = isUniqueViolation(error);
        if (constraint) throw uniqueError(constraint);
        throw error;
      }
      await ctx.messages.sendLink('welcome', student, url, body.language).catch((error: unknown) => ctx.log('set-password message failed', error));
      return ctx.detail(id);
    },

    async update(actor: Actor, body: UpdateBody): Promise<StudentDetail> {
      const before = await ctx.studentInScope(actor, body.id, canManageStudent);
      const classId = body.classId ?? before.classId;
      const sectionId = body.sectionId !== undefined ? body.sectionId : body.classId !== undefined && body.classId !== before.classId ? null : before.sectionId;
      if (classId !== before.classId || sectionId !== before.sectionId) {
        if (before.instituteId === null || classId === null) throw new AppError(STUDENTS_ERRORS.STUDENTS_CLASS_INVALID, { fields: { classId: 'classInvalid' } });
        await ctx.placeIn(before.instituteId, classId, sectionId);
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
      await ctx.checkTaken({ email: body.email ?? null, phone: body.phone ?? null }, before.id);
      await ctx.checkRollNumberFree(before.instituteId, body.rollNumber, before.id);
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
      forgetSessions(before.id);
      return ctx.detail(before.id);
    },

    /** Deactivating ends every session and refuses sign-in; the student's data stays. */
    async setActive(actor: Actor, body: SetActiveBody): Promise<StudentDetail> {
      const before = await ctx.studentInScope(actor, body.id, canManageStudent);
      if (before.isActive !== body.isActive) {
        await repo.transaction(async (tx) => {
          const now = clock.now();
          await repo.updateUser(tx, before.id, { isActive: body.isActive, updatedAt: now });
          if (!body.isActive) await credentials.endSessions(tx, before.id, now);
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
        forgetSessions(before.id);
      }
      return ctx.detail(before.id);
    },
  };
}
