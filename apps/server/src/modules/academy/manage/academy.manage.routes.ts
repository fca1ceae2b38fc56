import { academyManageRoutes, FILES_ERRORS, VIDEO_UPLOAD_MAX_BYTES } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../../lib/route.js';
import { uploadedFile } from '../../../lib/multipart.js';

/** Content management (staff; the policy checks each course's owner), Resource Upload and content files. */
export const academyManageModule: FastifyPluginAsync = async (app) => {
  const { academyManage } = app.services;

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
};
