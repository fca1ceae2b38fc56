import { reportsRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../../lib/route.js';

/** The student's analytics and the parent's glance at each child (reports.student.service.ts). */
export const reportsModule: FastifyPluginAsync = async (app) => {
  const { reports } = app.services;

  registerRoute(app, reportsRoutes.report, ({ actor, body }) => reports.report(actor, body));
  registerRoute(app, reportsRoutes.feedbackReport, ({ actor, query }) => reports.feedbackReport(actor, query));
  registerRoute(app, reportsRoutes.studentDashboard, ({ actor, query }) => reports.studentDashboard(actor, query));
  registerRoute(app, reportsRoutes.parentHome, ({ actor }) => reports.parentHome(actor));
  registerRoute(app, reportsRoutes.activity, ({ actor, query }) => reports.activity(actor, query));
};
