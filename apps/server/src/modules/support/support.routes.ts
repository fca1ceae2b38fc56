import { supportRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

const SENT = { en: 'Your message was sent to the administrators.', tn: 'உங்கள் செய்தி நிர்வாகிகளுக்கு அனுப்பப்பட்டது.' };
const UPDATED = { en: 'Message updated.', tn: 'செய்தி புதுப்பிக்கப்பட்டது.' };

export const supportModule: FastifyPluginAsync = async (app) => {
  const { support } = app.services;

  registerRoute(app, supportRoutes.create, async ({ actor, body }) => ok(await support.create(actor, body), SENT), { rateLimit: { max: 10, timeWindow: '1 minute' } });
  registerRoute(app, supportRoutes.listMine, ({ actor }) => support.listMine(actor));
  registerRoute(app, supportRoutes.listInbox, ({ actor, query }) => support.listInbox(actor, query));
  registerRoute(app, supportRoutes.update, async ({ actor, body }) => ok(await support.update(actor, body), UPDATED));
};
