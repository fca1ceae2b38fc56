import { calendarRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const calendarModule: FastifyPluginAsync = async (app) => {
  const { calendar } = app.services;

  registerRoute(app, calendarRoutes.listEvents, ({ actor, query }) => calendar.list(actor, query));
  registerRoute(app, calendarRoutes.createEvent, async ({ actor, body }) => ok(await calendar.create(actor, body), 'eventCreated'));
  registerRoute(app, calendarRoutes.updateEvent, async ({ actor, body }) => ok(await calendar.update(actor, body), 'eventUpdated'));
  registerRoute(app, calendarRoutes.deleteEvent, async ({ actor, query }) => ok(await calendar.remove(actor, query.id), 'eventDeleted'));
};
