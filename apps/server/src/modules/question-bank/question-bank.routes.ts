import { QUESTION_BANK_ERRORS, QUESTION_IMPORT_MAX_BYTES, questionBankRoutes } from '@app/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import type { QuestionFile } from './question-bank.transfer.js';
import { uploadedFile } from '../../lib/multipart.js';

function sendFile(reply: FastifyReply, file: QuestionFile) {
  reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
  if (file.skippedIds.length) reply.header('x-skipped-questions', file.skippedIds.join(','));
  return reply.send(file.buffer);
}

export const questionBankModule: FastifyPluginAsync = async (app) => {
  const { questionBank, questionTransfer, runner } = app.services;

  registerRoute(app, questionBankRoutes.list, ({ actor, query }) => questionBank.list(actor, query));
  registerRoute(app, questionBankRoutes.get, ({ actor, query }) => questionBank.get(actor, query));
  registerRoute(app, questionBankRoutes.create, ({ actor, body }) => questionBank.create(actor, body));
  registerRoute(app, questionBankRoutes.update, ({ actor, body }) => questionBank.update(actor, body));
  registerRoute(app, questionBankRoutes.regrade, ({ actor, body }) => questionBank.regrade(actor, body));
  registerRoute(app, questionBankRoutes.listRegrades, ({ actor, query }) => questionBank.listRegrades(actor, query));
  // No record is read or written: the role and the permission are the whole check.
  registerRoute(app, questionBankRoutes.runReference, ({ body }) => runner.runReference(body));
  registerRoute(app, questionBankRoutes.importPreview, async ({ actor, query, req }) =>
    questionTransfer.preview(actor, (await uploadedFile(req, { maxBytes: QUESTION_IMPORT_MAX_BYTES, missing: QUESTION_BANK_ERRORS.QB_IMPORT_FILE_REQUIRED })).bytes, query, req.language),
  );
  registerRoute(app, questionBankRoutes.importQuestions, async ({ actor, query, req }) =>
    questionTransfer.importFile(actor, (await uploadedFile(req, { maxBytes: QUESTION_IMPORT_MAX_BYTES, missing: QUESTION_BANK_ERRORS.QB_IMPORT_FILE_REQUIRED })).bytes, query, req.language),
  );
  registerRoute(app, questionBankRoutes.importTemplate, async ({ query, reply }) => sendFile(reply, await questionTransfer.template(query.format)) as never);
  registerRoute(app, questionBankRoutes.exportQuestions, async ({ actor, body, reply }) => sendFile(reply, await questionTransfer.exportQuestions(actor, body)) as never);
};
