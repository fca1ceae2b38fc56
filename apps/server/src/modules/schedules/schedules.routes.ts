import { schedulesRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const schedulesModule: FastifyPluginAsync = async (app) => {
  const { schedules } = app.services;

  registerRoute(app, schedulesRoutes.options, ({ actor, query }) => schedules.options(actor, query));
  registerRoute(app, schedulesRoutes.listCourseMappings, ({ actor }) => schedules.listCourseMappings(actor));
  registerRoute(app, schedulesRoutes.createCourseMapping, async ({ actor, body }) => ok(await schedules.createCourseMapping(actor, body), 'courseMappingSaved'));
  registerRoute(app, schedulesRoutes.deleteCourseMapping, async ({ actor, body }) => ok(await schedules.deleteCourseMapping(actor, body), 'scheduleDeleted'));
  registerRoute(app, schedulesRoutes.listTestSchedules, ({ actor }) => schedules.listTestSchedules(actor));
  registerRoute(app, schedulesRoutes.createTestSchedule, async ({ actor, body }) => ok(await schedules.createTestSchedule(actor, body), 'scheduleSaved'));
  registerRoute(app, schedulesRoutes.updateTestSchedule, async ({ actor, body }) => ok(await schedules.updateTestSchedule(actor, body), 'scheduleSaved'));
  registerRoute(app, schedulesRoutes.deleteTestSchedule, async ({ actor, body }) => ok(await schedules.deleteTestSchedule(actor, body), 'scheduleDeleted'));
  registerRoute(app, schedulesRoutes.listTopicOpenings, ({ actor }) => schedules.listTopicOpenings(actor));
  registerRoute(app, schedulesRoutes.createTopicOpening, async ({ actor, body }) => ok(await schedules.createTopicOpening(actor, body), 'scheduleSaved'));
  registerRoute(app, schedulesRoutes.updateTopicOpening, async ({ actor, body }) => ok(await schedules.updateTopicOpening(actor, body), 'scheduleSaved'));
  registerRoute(app, schedulesRoutes.deleteTopicOpening, async ({ actor, body }) => ok(await schedules.deleteTopicOpening(actor, body), 'scheduleDeleted'));
  registerRoute(app, schedulesRoutes.mySchedule, ({ actor }) => schedules.mySchedule(actor));
};
