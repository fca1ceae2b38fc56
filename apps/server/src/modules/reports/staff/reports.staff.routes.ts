import { staffReportsRoutes } from '@app/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { registerRoute } from '../../../lib/route.js';
import type { ReportFile } from './reports.staff.exports.js';

function sendFile(reply: FastifyReply, file: ReportFile) {
  return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.buffer);
}

/** Staff: the dashboard, the Reports matrix and a test's statistics (reports.staff.service.ts). */
export const staffReportsModule: FastifyPluginAsync = async (app) => {
  const { staffReports } = app.services;
  registerRoute(app, staffReportsRoutes.staffDashboard, ({ actor }) => staffReports.staffDashboard(actor));
  registerRoute(app, staffReportsRoutes.matrixOptions, ({ actor }) => staffReports.matrixOptions(actor));
  registerRoute(app, staffReportsRoutes.matrix, ({ actor, query }) => staffReports.matrix(actor, query));
  registerRoute(app, staffReportsRoutes.matrixExport, async ({ actor, query, reply }) => sendFile(reply, await staffReports.matrixExport(actor, query)) as never);
  registerRoute(app, staffReportsRoutes.examStatistics, ({ actor, query }) => staffReports.examStatistics(actor, query));
  registerRoute(app, staffReportsRoutes.examEquating, ({ actor, query }) => staffReports.examEquating(actor, query));
  registerRoute(app, staffReportsRoutes.examEquatingExport, async ({ actor, query, reply }) => sendFile(reply, await staffReports.examEquatingExport(actor, query)) as never);
  registerRoute(app, staffReportsRoutes.examStatisticsExport, async ({ actor, query, reply }) => sendFile(reply, await staffReports.examStatisticsExport(actor, query)) as never);
};
