import { OMR_ERRORS, omrRoutes } from '@app/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { OMR_UPLOAD_MAX_BYTES } from './omr.pages.js';
import type { SheetFile } from './omr.service.js';
import { uploadedFile } from '../../lib/multipart.js';

function sendPdf(reply: FastifyReply, file: SheetFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.pdf));
}

/** An answer-sheet scan: its own words for a missing or too large file. */
const OMR_UPLOAD = { maxBytes: OMR_UPLOAD_MAX_BYTES, missing: OMR_ERRORS.OMR_FILE_REQUIRED, tooLarge: OMR_ERRORS.OMR_UPLOAD_TOO_LARGE };

export const omrModule: FastifyPluginAsync = async (app) => {
  const { omr } = app.services;
  registerRoute(app, omrRoutes.sheets, async ({ actor, query, reply }) => sendPdf(reply, await omr.sheets(actor, query)) as never);
  registerRoute(app, omrRoutes.upload, async ({ actor, query, req }) => omr.upload(actor, query, (await uploadedFile(req, OMR_UPLOAD)).bytes, req.language), {
    bodyLimit: OMR_UPLOAD_MAX_BYTES + 1024 * 1024,
  });
  registerRoute(app, omrRoutes.practiceSheet, async ({ actor, query, reply }) => sendPdf(reply, await omr.practiceSheet(actor, query)) as never);
  registerRoute(app, omrRoutes.review, ({ actor, query }) => omr.review(actor, query));
  registerRoute(app, omrRoutes.sheet, ({ actor, query }) => omr.sheet(actor, query));
  registerRoute(app, omrRoutes.correct, ({ actor, body }) => omr.correct(actor, body));
  registerRoute(app, omrRoutes.candidates, ({ actor, query }) => omr.candidates(actor, query));
  registerRoute(app, omrRoutes.assign, ({ actor, body }) => omr.assign(actor, body));
  registerRoute(app, omrRoutes.publish, ({ actor, body }) => omr.publish(actor, body));
  registerRoute(app, omrRoutes.myTests, ({ actor }) => omr.myTests(actor));
  registerRoute(app, omrRoutes.myUpload, async ({ actor, query, req }) => omr.myUpload(actor, query, (await uploadedFile(req, OMR_UPLOAD)).bytes), {
    bodyLimit: OMR_UPLOAD_MAX_BYTES + 1024 * 1024,
  });
  registerRoute(app, omrRoutes.mySubmit, ({ actor, body }) => omr.mySubmit(actor, body));
};
