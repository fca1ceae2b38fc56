import { OFFICE_ERRORS, type Language, type OfficeCreateBody, type OfficeEditorConfig, type OfficeFile, type OfficeKind, type OfficeQuestionRef } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { err, isQuestionFileKey, kindOf, type OfficeContext } from './office.context.js';
import { DocumentServerError } from './office.document-server.js';

/** The document server (ONLYOFFICE): editor configurations, its save callback and Save As. */
export function createOfficeEditor(ctx: OfficeContext) {
  const { deps, log, documentServer } = ctx;
  const { repo, files } = deps;

  return {
    async editorConfig(actor: Actor, path: string, language: Language, fileName?: string): Promise<OfficeEditorConfig> {
      if (!documentServer) throw err(OFFICE_ERRORS.OFFICE_DOCUMENT_SERVER_OFF);
      const row = await ctx.ownFile(actor, path);
      const info = await ctx.infoOf(actor, row);
      const url = documentServer.absolute(await files.signedUrl(row.storeKey, { expiresIn: 6 * 3600 }));
      const config = await documentServer.editorConfig({
        kind: row.kind as OfficeKind,
        key: ctx.docKey(row),
        title: fileName || `question-${row.questionId}.${row.kind}`,
        url,
        callbackUrl: info.attempt.isOpen ? documentServer.absolute(`/api/office/v1/callback?path=${encodeURIComponent(row.id)}`) : null,
        mode: info.attempt.isOpen ? 'edit' : 'view',
        user: { id: String(actor.userId), name: actor.username || `user-${actor.userId}` },
        lang: language === 'tn' ? 'ta' : 'en',
      });
      return { documentServerUrl: documentServer.url, config };
    },

    async solutionEditorConfig(actor: Actor, ref: OfficeQuestionRef & { taskID: number; questionID: number }, language: Language, fileName?: string): Promise<OfficeEditorConfig> {
      if (!documentServer) throw err(OFFICE_ERRORS.OFFICE_DOCUMENT_SERVER_OFF);
      const info = await ctx.exam().getOfficeQuestionForAttempt(actor, { taskId: ref.taskID, questionId: ref.questionID, attemptId: ref.TestSessionID ?? null });
      const kind = kindOf(info.question.questionType);
      if (!(await ctx.solutionAllowed(actor, info))) throw err(OFFICE_ERRORS.OFFICE_SOLUTION_HIDDEN);
      if (!isQuestionFileKey(info.question.solution)) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY);
      const url = documentServer.absolute(await files.signedUrl(info.question.solution, { expiresIn: 6 * 3600 }));
      const config = await documentServer.editorConfig({
        kind,
        key: `solution-${info.question.id}-${info.attempt.id}`.replace(/[^0-9A-Za-z._=-]/g, '').slice(0, 120),
        title: fileName || `question-${info.question.id}-solution.${kind}`,
        url,
        callbackUrl: null,
        mode: 'view',
        user: { id: String(actor.userId), name: actor.username || `user-${actor.userId}` },
        lang: language === 'tn' ? 'ta' : 'en',
      });
      return { documentServerUrl: documentServer.url, config };
    },

    /**
     * The document server's callback: 2 (ready to save) and 6 (force-saved) store the file at `url`
     * as the working copy; other statuses need nothing. Answers the server's {error} (0 = fine).
     */
    async callback(path: string, body: Record<string, unknown>, authorization: string | undefined): Promise<{ error: number }> {
      if (!documentServer) throw err(OFFICE_ERRORS.OFFICE_DOCUMENT_SERVER_OFF);
      let payload: Record<string, unknown>;
      try {
        payload = await documentServer.verifyCallback(body, authorization);
      } catch (error) {
        log('document server callback refused', error);
        throw err(OFFICE_ERRORS.OFFICE_CALLBACK_INVALID);
      }
      const status = Number(payload['status']);
      const row = await repo.getFile(path);
      if (!row || typeof payload['key'] !== 'string' || !(payload['key'] as string).startsWith(`${row.id}-`)) return { error: 1 };
      if (status !== 2 && status !== 6) return { error: 0 };
      if (typeof payload['url'] !== 'string') return { error: 1 };
      try {
        const bytes = await documentServer.download(payload['url'] as string);
        const info = await ctx.exam().getOfficeQuestionOfAttempt(row.attemptId, row.questionId);
        const current = (await repo.getFile(row.id)) ?? row;
        await ctx.saveWorkingCopy(current, info, bytes, 'documentServer');
        return { error: 0 };
      } catch (error) {
        log('document server save failed', error);
        return { error: 1 };
      }
    },

    /** Save As in the editor: the new file at the document server's url becomes the working copy. */
    async create(actor: Actor, body: OfficeCreateBody): Promise<OfficeFile> {
      if (!documentServer) throw err(OFFICE_ERRORS.OFFICE_DOCUMENT_SERVER_OFF);
      const row = await ctx.ownFile(actor, body.path);
      const info = await ctx.infoOf(actor, row);
      let bytes: Uint8Array;
      try {
        bytes = await documentServer.download(body.url);
      } catch (error) {
        if (error instanceof DocumentServerError && /too large/.test(error.message)) throw err(OFFICE_ERRORS.OFFICE_UPLOAD_TOO_LARGE);
        throw err(OFFICE_ERRORS.OFFICE_DOCUMENT_SERVER_FAILED, error instanceof DocumentServerError ? error.message : undefined);
      }
      return ctx.view(actor, await ctx.saveWorkingCopy(row, info, bytes, 'documentServer'), info);
    },
  };
}
