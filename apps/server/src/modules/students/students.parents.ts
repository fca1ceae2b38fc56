import { STUDENTS_ERRORS, type LinkParentBodySchema, type StudentDetail, type UnlinkParentBodySchema } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { notFound, type StudentsContext } from './students.context.js';
import { canManageStudent } from './students.policy.js';
import { isUniqueViolation } from './students.repository.js';

type LinkBody = z.output<typeof LinkParentBodySchema>;
type UnlinkBody = z.output<typeof UnlinkParentBodySchema>;

/** A student's parents: linked by e-mail (a Parent account made when the address has none), or unlinked. */
export function createParentLinks(ctx: StudentsContext) {
  const { repo, forgetSessions } = ctx.deps;
  return {
    async linkParent(actor: Actor, body: LinkBody): Promise<StudentDetail> {
      const student = await ctx.studentInScope(actor, body.id, canManageStudent);
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
      forgetSessions(parentUserId);
      return ctx.detail(student.id);
    },

    async unlinkParent(actor: Actor, body: UnlinkBody): Promise<StudentDetail> {
      const student = await ctx.studentInScope(actor, body.id, canManageStudent);
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
      forgetSessions(body.parentUserId);
      return ctx.detail(student.id);
    },
  };
}
