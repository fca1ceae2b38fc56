import { supportRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const supportModule: FastifyPluginAsync = async (app) => {
  const { support } = app.services;

  registerRoute(app, supportRoutes.create, async ({ actor, body }) => ok(await support.create(actor, body), 'supportMessageSent'), { rateLimit: { max: 10, timeWindow: '1 minute' } });
  registerRoute(app, supportRoutes.listMine, ({ actor }) => support.listMine(actor));
  registerRoute(app, supportRoutes.listInbox, ({ actor, query }) => support.listInbox(actor, query));
  registerRoute(app, supportRoutes.update, async ({ actor, body }) => ok(await support.update(actor, body), 'supportMessageUpdated'));
};
