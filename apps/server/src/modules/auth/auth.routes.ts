import { authRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

const LOGIN_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export const authModule: FastifyPluginAsync = async (app) => {
  const { auth } = app.services;

  registerRoute(app, authRoutes.login, ({ body }) => auth.login(body), { rateLimit: LOGIN_RATE_LIMIT });

  registerRoute(app, authRoutes.logout, async ({ actor, body }) => {
    await auth.logout(actor, body.UserSessionID);
    return null;
  });
};
