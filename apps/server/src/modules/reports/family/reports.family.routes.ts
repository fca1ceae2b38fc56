import { familyReportsRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../../lib/route.js';

/** The family and institution report routes (reports.family.service.ts). */
export const familyReportsModule: FastifyPluginAsync = async (app) => {
  const { familyReports } = app.services;
  registerRoute(app, familyReportsRoutes.institution, ({ actor, query }) => familyReports.institution(actor, query));
  registerRoute(app, familyReportsRoutes.studentCourseDashboard, ({ actor, query }) => familyReports.studentCourseDashboard(actor, query));
  registerRoute(app, familyReportsRoutes.summary, ({ actor, query }) => familyReports.summary(actor, query));
  registerRoute(app, familyReportsRoutes.effort, ({ actor, query }) => familyReports.effort(actor, query));
  registerRoute(app, familyReportsRoutes.digestSettings, ({ actor }) => familyReports.digestSettings(actor));
  registerRoute(app, familyReportsRoutes.saveDigestSettings, ({ actor, body }) => familyReports.saveDigestSettings(actor, body));
  registerRoute(app, familyReportsRoutes.digestUnsubscribe, ({ body }) => familyReports.unsubscribe(body.token), { rateLimit: { max: 20 } });
  registerRoute(app, familyReportsRoutes.metabase, ({ actor }) => familyReports.metabase(actor));
};
