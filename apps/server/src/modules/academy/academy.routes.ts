import fs from 'node:fs';
import path from 'node:path';
import { academyManageRoutes, academyRoutes, COMMON_ERRORS, COURSE_PACKAGE_MAX_BYTES, FILES_ERRORS, testConfigRoutes, VIDEO_UPLOAD_MAX_BYTES } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { registerRoute } from '../../lib/route.js';
import { uploadedFile } from '../../lib/multipart.js';

const MEDIA_TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.webm': 'video/webm', '.mp4': 'video/mp4', '.png': 'image/png', '.jpg': 'image/jpeg', '.svg': 'image/svg+xml' };
/** The uploaded file of a multipart request (field `file`) with its name; past the limit the error handler answers 413. */
const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,120}$/;

export const academyModule: FastifyPluginAsync = async (app) => {
  const { academy, academyManage, coursePackages, testConfig } = app.services;

  registerRoute(app, academyRoutes.listCourses, ({ actor }) => academy.listCourses(actor));
  registerRoute(app, academyRoutes.listTopics, ({ actor, query }) => academy.listTopics(actor, query));
  registerRoute(app, academyRoutes.listTasks, ({ actor, query }) => academy.listTasks(actor, query));
  registerRoute(app, academyRoutes.getContent, ({ actor, query }) => academy.getContent(actor, query));
  registerRoute(app, academyRoutes.track, ({ actor, body }) => academy.track(actor, body));

  // Content management (staff; the policy checks each course's owner).
  registerRoute(app, academyManageRoutes.listCourses, ({ actor }) => academyManage.listCourses(actor));
  registerRoute(app, academyManageRoutes.getOutline, ({ actor, query }) => academyManage.getOutline(actor, query));
  registerRoute(app, academyManageRoutes.createCourse, ({ actor, body }) => academyManage.createCourse(actor, body));
  registerRoute(app, academyManageRoutes.updateCourse, ({ actor, body }) => academyManage.updateCourse(actor, body));
  registerRoute(app, academyManageRoutes.createTopic, ({ actor, body }) => academyManage.createTopic(actor, body));
  registerRoute(app, academyManageRoutes.updateTopic, ({ actor, body }) => academyManage.updateTopic(actor, body));
  registerRoute(app, academyManageRoutes.createTask, ({ actor, body }) => academyManage.createTask(actor, body));
  registerRoute(app, academyManageRoutes.updateTask, ({ actor, body }) => academyManage.updateTask(actor, body));
  registerRoute(app, academyManageRoutes.reorder, ({ actor, body }) => academyManage.reorder(actor, body));
  registerRoute(
    app,
    academyManageRoutes.uploadFile,
    async ({ actor, req }) => {
      const { bytes, fileName } = await uploadedFile(req, { maxBytes: VIDEO_UPLOAD_MAX_BYTES, missing: FILES_ERRORS.FILES_EMPTY });
      return academyManage.uploadFile(actor, bytes, fileName);
    },
    { bodyLimit: VIDEO_UPLOAD_MAX_BYTES + 1024 * 1024 },
  );

  // Resource Upload: lesson files, listed and deleted when unused.
  registerRoute(app, academyManageRoutes.listResources, ({ actor }) => academyManage.listResources(actor));
  registerRoute(
    app,
    academyManageRoutes.uploadResource,
    async ({ actor, req }) => {
      const { bytes, fileName } = await uploadedFile(req, { maxBytes: VIDEO_UPLOAD_MAX_BYTES, missing: FILES_ERRORS.FILES_EMPTY });
      return academyManage.uploadResource(actor, bytes, fileName);
    },
    { bodyLimit: VIDEO_UPLOAD_MAX_BYTES + 1024 * 1024 },
  );
  registerRoute(app, academyManageRoutes.deleteResource, ({ actor, body }) => academyManage.deleteResource(actor, body));

  // Course Upload: a whole course as one zip, previewed, then created by a tracked job.
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

  // Uploaded content files at a stable address (decision 021): lesson and question HTML keeps
  // working after any signed link would have expired. Like lesson media, a page's <img> or
  // <video> cannot send a bearer token, so the unguessable id is the credential; files are shown,
  // never run.
  app.get<{ Params: { fileId: string } }>('/api/academy/v1/files/:fileId', { schema: { hide: true } }, async (req, reply) => {
    const file = await academyManage.openFile(req.params.fileId);
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      // Browsers refuse to show a PDF in a sandboxed document; their PDF viewers run no page script anyway.
      .header('content-security-policy', `default-src 'none'; img-src 'self'; media-src 'self'${file.contentType === 'application/pdf' ? '' : '; sandbox'}`)
      .send(file.stream);
  });

  // Test configuration (staff, /testconfig).
  registerRoute(app, testConfigRoutes.list, ({ actor, query }) => testConfig.listTestConfigs(actor, query));
  registerRoute(app, testConfigRoutes.get, ({ actor, query }) => testConfig.getTestConfig(actor, query));
  registerRoute(app, testConfigRoutes.create, ({ actor, body }) => testConfig.createTestConfig(actor, body));
  registerRoute(app, testConfigRoutes.update, ({ actor, body }) => testConfig.updateTestConfig(actor, body));
  registerRoute(app, testConfigRoutes.saveSections, ({ actor, body }) => testConfig.saveTestSections(actor, body));
  registerRoute(app, testConfigRoutes.preview, ({ actor, query }) => testConfig.previewTestConfig(actor, query));
  registerRoute(app, testConfigRoutes.publish, ({ actor, body }) => testConfig.publishTestConfig(actor, body));

  // Lesson files (PDF, video). Public like any course page asset: a <video> or <iframe> cannot
  // send a bearer token. Only plain names inside the academy folder are served.
  app.get<{ Params: { fileName: string } }>('/api/academy/v1/media/:fileName', { schema: { hide: true } }, async (req, reply) => {
    const name = req.params.fileName;
    const type = MEDIA_TYPES[path.extname(name).toLowerCase()];
    const file = path.join(app.deps.uploadsDir, 'academy', name);
    if (!SAFE_NAME.test(name) || !type || !fs.existsSync(file)) throw new AppError(COMMON_ERRORS.NOT_FOUND);
    return reply.type(type).header('cache-control', 'public, max-age=3600').send(fs.createReadStream(file));
  });
};
