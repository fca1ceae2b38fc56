import { jobsRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const jobsModule: FastifyPluginAsync = async (app) => {
  const { jobs } = app.services;

  registerRoute(app, jobsRoutes.get, ({ actor, query }) => jobs.get(actor, query));
  registerRoute(app, jobsRoutes.list, ({ actor, query }) => jobs.list(actor, query));
  registerRoute(app, jobsRoutes.cancel, ({ actor, body }) => jobs.cancel(actor, body));
};
