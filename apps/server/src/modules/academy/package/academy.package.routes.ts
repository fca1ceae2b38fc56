import { academyManageRoutes, COURSE_PACKAGE_MAX_BYTES, FILES_ERRORS } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../../lib/route.js';
import { uploadedFile } from '../../../lib/multipart.js';

/** Course Upload: a whole course as one zip, previewed, then created by a tracked job. */
export const coursePackageModule: FastifyPluginAsync = async (app) => {
  const { coursePackages } = app.services;

  const packageLimit = { bodyLimit: COURSE_PACKAGE_MAX_BYTES + 1024 * 1024 };
  registerRoute(
    app,
    academyManageRoutes.previewCoursePackage,
    async ({ actor, req }) => coursePackages.preview(actor, (await uploadedFile(req, { maxBytes: COURSE_PACKAGE_MAX_BYTES, missing: FILES_ERRORS.FILES_EMPTY })).bytes, req.language),
    packageLimit,
  );
  registerRoute(
    app,
    academyManageRoutes.uploadCoursePackage,
    async ({ actor, req }) => coursePackages.upload(actor, (await uploadedFile(req, { maxBytes: COURSE_PACKAGE_MAX_BYTES, missing: FILES_ERRORS.FILES_EMPTY })).bytes, req.language),
    packageLimit,
  );
};
