import path from 'node:path';
import { academyRoutes, COMMON_ERRORS } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../lib/errors.js';
import { registerRoute } from '../../../lib/route.js';

const MEDIA_TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.webm': 'video/webm', '.mp4': 'video/mp4', '.png': 'image/png', '.jpg': 'image/jpeg', '.svg': 'image/svg+xml' };
/** The uploaded file of a multipart request (field `file`) with its name; past the limit the error handler answers 413. */
const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,120}$/;

/** The student's academy: courses, topics, tasks, a task's content, tracking, and lesson files. */
export const academyModule: FastifyPluginAsync = async (app) => {
  const { academy } = app.services;

  registerRoute(app, academyRoutes.listCourses, ({ actor }) => academy.listCourses(actor));
  registerRoute(app, academyRoutes.listTopics, ({ actor, query }) => academy.listTopics(actor, query));
  registerRoute(app, academyRoutes.listTasks, ({ actor, query }) => academy.listTasks(actor, query));
  registerRoute(app, academyRoutes.getContent, ({ actor, query }) => academy.getContent(actor, query));
  registerRoute(app, academyRoutes.track, ({ actor, body }) => academy.track(actor, body));

  // Lesson files (PDF, video), kept in the file store under academy/. Public like any course page
  // asset: a <video> or <iframe> cannot send a bearer token. Only plain names are served.
  app.get<{ Params: { fileName: string } }>('/api/academy/v1/media/:fileName', { schema: { hide: true } }, async (req, reply) => {
    const name = req.params.fileName;
    const type = MEDIA_TYPES[path.extname(name).toLowerCase()];
    const file = SAFE_NAME.test(name) && type ? await app.deps.fileStore.get(`academy/${name}`) : null;
    if (!file) throw new AppError(COMMON_ERRORS.NOT_FOUND);
    return reply.type(type!).header('cache-control', 'public, max-age=3600').send(file.stream);
  });
};
