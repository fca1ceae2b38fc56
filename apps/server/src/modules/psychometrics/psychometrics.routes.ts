import { psychometricsRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const psychometricsModule: FastifyPluginAsync = async (app) => {
  const { psychometrics } = app.services;
  registerRoute(app, psychometricsRoutes.calibrate, ({ actor, body }) => psychometrics.startCalibration(actor, body));
  registerRoute(app, psychometricsRoutes.scopes, ({ actor }) => psychometrics.listScopes(actor));
  registerRoute(app, psychometricsRoutes.items, ({ actor, query, req }) => psychometrics.listItems(actor, query, req.language));
};
