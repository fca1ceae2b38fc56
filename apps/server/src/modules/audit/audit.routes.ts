import { auditRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const auditModule: FastifyPluginAsync = async (app) => {
  const { audit } = app.services;

  registerRoute(app, auditRoutes.list, ({ actor, query }) => audit.list(actor, query));
};
