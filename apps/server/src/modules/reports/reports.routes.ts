import { reportsRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const reportsModule: FastifyPluginAsync = async (app) => {
  const { reports } = app.services;

  registerRoute(app, reportsRoutes.report, ({ actor, body }) => reports.report(actor, body));
  registerRoute(app, reportsRoutes.feedbackReport, ({ actor, query }) => reports.feedbackReport(actor, query));
};
