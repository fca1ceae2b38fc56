import {
  STUDENTS_ERRORS,
  type ChangePasswordBody,
  type ResetStudentPasswordBodySchema,
  type ResetStudentPasswordResult,
  type SendWelcomeLinksResult,
  type SetPasswordBody,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { notFound, targetOf, type StudentsContext } from './students.context.js';
import { canManageStudent, canResetStudentPassword } from './students.policy.js';

type ResetBody = z.output<typeof ResetStudentPasswordBodySchema>;

/**
 * Staff resets, welcome links sent again, a link's password and a user's own change. Who may and
 * what is audited are decided here; every password, link and ended session is written by auth.
 */
export function createStudentPasswords(ctx: StudentsContext) {
  const { repo, clock, credentials, forgetSessions } = ctx.deps;
  return {
    /** A reset link, or a temporary password to change at the next sign-in; every session ends. */
    async resetPassword(actor: Actor, body: ResetBody): Promise<ResetStudentPasswordResult> {
      const student = await ctx.studentInScope(actor, body.id, canResetStudentPassword);
      const now = clock.now();
      if (body.mode === 'link') {
        if (!student.email && !student.phone) throw new AppError(STUDENTS_ERRORS.STUDENTS_NO_CONTACT);
        let url = '';
        await repo.transaction(async (tx) => {
          await credentials.retirePasswordLinks(tx, student.id, now);
          const [token] = await credentials.issuePasswordLinks(tx, [{ userId: student.id, target: student.email ?? student.phone ?? '' }]);
          url = ctx.messages.urlOf(token!);
          await credentials.endSessions(tx, student.id, now);
          await recordAudit(tx, actor, { action: 'students.resetPassword', targetType: 'user', targetId: student.id, targetUserId: student.id, instituteId: student.instituteId, after: { mode: 'link' } });
        });
        forgetSessions(student.id);
        const sentTo = await ctx.messages.sendLink('reset', student, url, await ctx.languageOfStudent(student.languageId));
        return { mode: 'link', sentTo };
      }
      await credentials.setTemporaryPassword(student.id, body.temporaryPassword!, now, (tx) =>
        recordAudit(tx, actor, { action: 'students.resetPassword', targetType: 'user', targetId: student.id, targetUserId: student.id, instituteId: student.instituteId, after: { mode: 'temporary' } }),
      );
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
        const reachable = [];
        for (const student of records) {
          await credentials.retirePasswordLinks(tx, student.id, now);
          if (student.email || student.phone) reachable.push(student);
        }
        const tokens = await credentials.issuePasswordLinks(tx, reachable.map((student) => ({ userId: student.id, target: student.email ?? student.phone ?? '' })));
        reachable.forEach((student, i) => messages.push({ student, url: ctx.messages.urlOf(tokens[i]!) }));
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
      for (const { student, url } of messages) withLanguage.push({ student, url, language: await ctx.languageOfStudent(student.languageId) });
      const sent = await ctx.messages.sendWelcomes(withLanguage);
      return { ...sent, unsent: [...noContact, ...sent.unsent] };
    },

    /** Public: the link's token sets the password once; every session of the account ends. */
    async setPassword(body: SetPasswordBody): Promise<void> {
      if (!(await credentials.setPasswordByLink(body.token, body.password))) throw new AppError(STUDENTS_ERRORS.STUDENTS_SET_PASSWORD_LINK_INVALID);
    },

    /** The signed-in user's own password; their other sessions end. */
    async changePassword(actor: Actor, body: ChangePasswordBody): Promise<void> {
      if (!(await credentials.changePassword(actor, body.currentPassword, body.password))) {
        throw new AppError(STUDENTS_ERRORS.STUDENTS_CURRENT_PASSWORD_WRONG, { fields: { currentPassword: 'currentPasswordWrong' } });
      }
    },
  };
}
