import { randomUUID } from 'node:crypto';
import { OFFICE_CONTENT_TYPES, OFFICE_ERRORS, type CopyStartFileBody, type OfficeFile, type OfficeKind, type OfficeQuestionRef } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { err, kindOf, type OfficeContext } from './office.context.js';
import { openPackage, type OfficePackage } from './office.package.js';
import { applyStamp } from './office.stamp.js';

/** A student's working copy of an office question: made from the start file, read, downloaded, saved; and the solution file once it may be seen. */
export function createWorkingCopies(ctx: OfficeContext) {
  const { deps, log } = ctx;
  const { repo, clock, files } = deps;

  return {
    async copyStartFile(actor: Actor, body: CopyStartFileBody & { taskID: number; questionID: number }): Promise<OfficeFile> {
      const info = await ctx.exam().getOfficeQuestionForAttempt(actor, { taskId: body.taskID, questionId: body.questionID, attemptId: body.TestSessionID ?? null });
      const kind = kindOf(info.question.questionType);
      const existing = await repo.findFile(info.attempt.id, info.question.id);
      if (existing && !body.reset) return ctx.view(actor, existing, info);
      const start = await ctx.questionFile(info.question.startFileUrl);
      let pkg: OfficePackage;
      try {
        pkg = openPackage(start, kind);
      } catch (error) {
        log('office start file unreadable', error);
        throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY);
      }
      const stamped = applyStamp(pkg, { attemptId: info.attempt.id, questionId: info.question.id });
      if (existing) {
        return ctx.view(actor, await ctx.saveWorkingCopy(existing, info, stamped, 'start'), info);
      }
      if (!info.attempt.isOpen) throw err(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND, 'This attempt is closed: it has no working copy of this question.');
      const id = randomUUID();
      const key = ctx.fileKey({ attemptId: info.attempt.id, id, kind }, 1);
      await files.put(key, stamped, { contentType: OFFICE_CONTENT_TYPES[kind] });
      const now = clock.now();
      const row = await repo.insertFile({ id, attemptId: info.attempt.id, userId: actor.userId, taskId: info.attempt.taskId, questionId: info.question.id, kind, storeKey: key, size: stamped.length, version: 1, origin: 'start', savedAt: null, createdAt: now, updatedAt: now });
      // Two tabs asking at once: the first copy wins, the other's bytes go.
      if (row.id !== id) await files.delete(key).catch(() => undefined);
      return ctx.view(actor, row, info);
    },

    async file(actor: Actor, path: string): Promise<OfficeFile> {
      const row = await ctx.ownFile(actor, path);
      return ctx.view(actor, row, await ctx.infoOf(actor, row));
    },

    async download(actor: Actor, path: string): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
      const row = await ctx.ownFile(actor, path);
      const bytes = await ctx.readStored(row.storeKey);
      if (!bytes) throw err(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND);
      return { bytes, fileName: `question-${row.questionId}.${row.kind}`, contentType: OFFICE_CONTENT_TYPES[row.kind as OfficeKind] };
    },

    /** Saves the working copy: a file the student chose (upload) or the built-in editor's save (editor). */
    async upload(actor: Actor, path: string, bytes: Uint8Array, origin: 'upload' | 'editor' = 'upload'): Promise<OfficeFile> {
      const row = await ctx.ownFile(actor, path);
      const info = await ctx.infoOf(actor, row);
      return ctx.view(actor, await ctx.saveWorkingCopy(row, info, bytes, origin), info);
    },

    async solution(actor: Actor, ref: OfficeQuestionRef & { taskID: number; questionID: number }): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
      const info = await ctx.exam().getOfficeQuestionForAttempt(actor, { taskId: ref.taskID, questionId: ref.questionID, attemptId: ref.TestSessionID ?? null });
      const kind = kindOf(info.question.questionType);
      if (!(await ctx.solutionAllowed(actor, info))) throw err(OFFICE_ERRORS.OFFICE_SOLUTION_HIDDEN);
      return { bytes: await ctx.questionFile(info.question.solution), fileName: `question-${info.question.id}-solution.${kind}`, contentType: OFFICE_CONTENT_TYPES[kind] };
    },
  };
}
