import { OFFICE_ERRORS, OFFICE_RUN_RATE_PER_MINUTE, OFFICE_UPLOAD_MAX_BYTES, officeRoutes } from '@app/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { uploadedFile } from '../../lib/multipart.js';

function sendFile(reply: FastifyReply, file: { bytes: Uint8Array; fileName: string; contentType: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes));
}

/** An office file: its own words for a missing or too large file. */
const OFFICE_UPLOAD = { maxBytes: OFFICE_UPLOAD_MAX_BYTES, missing: OFFICE_ERRORS.OFFICE_FILE_REQUIRED, tooLarge: OFFICE_ERRORS.OFFICE_UPLOAD_TOO_LARGE };

export const officeModule: FastifyPluginAsync = async (app) => {
  const { office } = app.services;
  const uploadLimit = { bodyLimit: OFFICE_UPLOAD_MAX_BYTES + 1024 * 1024 };

  registerRoute(app, officeRoutes.runOffice, ({ actor, body }) => office.runOffice(actor, body), {
    rateLimit: { max: OFFICE_RUN_RATE_PER_MINUTE, timeWindow: '1 minute' },
  });
  registerRoute(app, officeRoutes.getRunDetailsOffice, ({ actor, query, req }) => office.getRunDetails(actor, query.runID, req.language));
  registerRoute(app, officeRoutes.copyStartFile, ({ actor, body }) => office.copyStartFile(actor, body));
  registerRoute(app, officeRoutes.file, ({ actor, query }) => office.file(actor, query.path));
  registerRoute(app, officeRoutes.download, async ({ actor, query, reply }) => sendFile(reply, await office.download(actor, query.path)) as never);
  registerRoute(app, officeRoutes.upload, async ({ actor, query, req }) => office.upload(actor, query.path, new Uint8Array((await uploadedFile(req, OFFICE_UPLOAD)).bytes), query.origin ?? 'upload'), uploadLimit);
  registerRoute(app, officeRoutes.solution, async ({ actor, query, reply }) => sendFile(reply, await office.solution(actor, query)) as never);
  registerRoute(app, officeRoutes.editorConfig, ({ actor, query, req }) => office.editorConfig(actor, query.path, req.language, query.fileName));
  registerRoute(app, officeRoutes.solutionEditorConfig, ({ actor, query, req }) => office.solutionEditorConfig(actor, query, req.language, query.fileName));
  registerRoute(app, officeRoutes.create, ({ actor, body }) => office.create(actor, body));
  // The document server reads {error} at the top level, not the envelope (sent as text, past the envelope's serialiser).
  registerRoute(app, officeRoutes.callback, async ({ query, body, req, reply }) => {
    const answer = await office.callback(query.path, body as Record<string, unknown>, req.headers.authorization);
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(answer)) as never;
  });
  registerRoute(app, officeRoutes.health, () => office.health());
  registerRoute(app, officeRoutes.runReport, ({ actor, query, req }) => office.runReport(actor, query.runID, req.language));
  registerRoute(app, officeRoutes.questionFile, async ({ actor, query, req }) => office.storeQuestionFile(actor, query, new Uint8Array((await uploadedFile(req, OFFICE_UPLOAD)).bytes)), uploadLimit);
  registerRoute(app, officeRoutes.draftRubric, ({ actor, body }) => office.draftRubric(actor, body));
  registerRoute(app, officeRoutes.checkQuestion, ({ actor, body, req }) => office.checkQuestion(actor, body, req.language));
};
