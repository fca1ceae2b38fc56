import { adaptiveRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const adaptiveModule: FastifyPluginAsync = async (app) => {
  const { adaptive } = app.services;
  registerRoute(app, adaptiveRoutes.overview, ({ actor }) => adaptive.getOverview(actor));
  registerRoute(app, adaptiveRoutes.start, ({ actor, body }) => adaptive.startSession(actor, body));
  registerRoute(app, adaptiveRoutes.session, ({ actor, query }) => adaptive.getSession(actor, query));
  registerRoute(app, adaptiveRoutes.answer, ({ actor, body }) => adaptive.answer(actor, body));
};
