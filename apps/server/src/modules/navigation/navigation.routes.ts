import { navigationRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const navigationModule: FastifyPluginAsync = async (app) => {
  const { navigation } = app.services;

  registerRoute(app, navigationRoutes.teacherUserInfo, ({ actor }) => navigation.teacherUserInfo(actor));
  registerRoute(app, navigationRoutes.notification, ({ actor }) => navigation.notification(actor));
  registerRoute(app, navigationRoutes.saveUrl, ({ actor, body }) => navigation.saveUrls(actor, body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
};
