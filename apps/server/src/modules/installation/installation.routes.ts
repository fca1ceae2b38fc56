import { installationRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const installationModule: FastifyPluginAsync = async (app) => {
  const { installation } = app.services;

  registerRoute(app, installationRoutes.signInNotice, () => installation.signInNotice());
};
