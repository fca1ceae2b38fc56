import { proctoringRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

/** A camera frame is a data URL of up to ~2 MB; the default body limit would refuse it. */
const PHOTO_BODY_LIMIT = 3 * 1024 * 1024;

export const proctoringModule: FastifyPluginAsync = async (app) => {
  const { proctoring } = app.services;

  registerRoute(app, proctoringRoutes.capturePhoto, ({ actor, body }) => proctoring.capturePhoto(actor, body), { bodyLimit: PHOTO_BODY_LIMIT });
  registerRoute(app, proctoringRoutes.listPhotos, ({ actor, query }) => proctoring.listPhotos(actor, query));
  registerRoute(app, proctoringRoutes.getPhoto, ({ actor, query }) => proctoring.getPhoto(actor, query));
};
