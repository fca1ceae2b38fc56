import { STUDENT_CSV_MAX_BYTES, STUDENTS_ERRORS, studentsRoutes } from '@app/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { ok, registerRoute } from '../../lib/route.js';

/** The multipart roster upload: field `file` and any number of `InstitutionId` fields (or one comma-separated). */
async function rosterUpload(req: FastifyRequest): Promise<{ file: Buffer; institutionIds: number[] }> {
  if (!req.isMultipart()) throw new AppError(STUDENTS_ERRORS.STUDENTS_CSV_FILE_REQUIRED, { fields: { file: 'studentCsvFileRequired' } });
  let file: Buffer | undefined;
  const institutionIds: number[] = [];
  for await (const part of req.parts({ limits: { fileSize: STUDENT_CSV_MAX_BYTES, files: 1, fields: 50 } })) {
    if (part.type === 'file') {
      // toBuffer fails with 413 past the limit, which the error handler answers in the envelope.
      const buffer = await part.toBuffer();
      if (part.fieldname === 'file') file = buffer;
    } else if (part.fieldname.toLowerCase() === 'institutionid' || part.fieldname.toLowerCase() === 'institutionid[]') {
      for (const text of String(part.value).split(',').map((v) => v.trim()).filter(Boolean)) {
        if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw new AppError(STUDENTS_ERRORS.STUDENTS_INSTITUTE_INVALID, { fields: { InstitutionId: 'instituteInvalid' } });
        institutionIds.push(Number(text));
      }
    }
  }
  if (!file) throw new AppError(STUDENTS_ERRORS.STUDENTS_CSV_FILE_REQUIRED, { fields: { file: 'studentCsvFileRequired' } });
  return { file, institutionIds: [...new Set(institutionIds)] };
}

export const studentsModule: FastifyPluginAsync = async (app) => {
  const { students } = app.services;

  registerRoute(app, studentsRoutes.list, ({ actor, query }) => students.list(actor, query));
  registerRoute(app, studentsRoutes.get, ({ actor, query }) => students.get(actor, query.id));
  registerRoute(app, studentsRoutes.create, async ({ actor, body }) => ok(await students.create(actor, body), 'studentSaved'));
  registerRoute(app, studentsRoutes.update, async ({ actor, body }) => ok(await students.update(actor, body), 'studentSaved'));
  registerRoute(app, studentsRoutes.setActive, async ({ actor, body }) => ok(await students.setActive(actor, body), 'studentSaved'));
  registerRoute(app, studentsRoutes.linkParent, async ({ actor, body }) => ok(await students.linkParent(actor, body), 'studentSaved'));
  registerRoute(app, studentsRoutes.unlinkParent, async ({ actor, body }) => ok(await students.unlinkParent(actor, body), 'studentSaved'));
  registerRoute(app, studentsRoutes.resetPassword, async ({ actor, body }) => {
    const result = await students.resetPassword(actor, body);
    return ok(result, result.mode === 'link' ? 'resetLinkSent' : 'temporaryPasswordSet');
  });
  registerRoute(app, studentsRoutes.sendWelcomeLinks, async ({ actor, body }) => ok(await students.sendWelcomeLinks(actor, body), 'welcomeLinksSent'));
  registerRoute(app, studentsRoutes.previewCsv, async ({ actor, req }) => {
    const { file, institutionIds } = await rosterUpload(req);
    return students.previewCsv(actor, file, institutionIds, req.language);
  });
  registerRoute(app, studentsRoutes.uploadCsv, async ({ actor, req }) => {
    const { file, institutionIds } = await rosterUpload(req);
    return ok(await students.uploadCsv(actor, file, institutionIds, req.language), 'studentCsvImported');
  });
  registerRoute(app, studentsRoutes.setPassword, async ({ body }) => {
    await students.setPassword(body);
    return ok(null, 'passwordSet');
  }, { rateLimit: { max: 60, timeWindow: '1 minute' } });
  registerRoute(app, studentsRoutes.changePassword, async ({ actor, body }) => {
    await students.changePassword(actor, body);
    return ok(null, 'passwordChanged');
  }, { rateLimit: { max: 30, timeWindow: '1 minute' } });
};
