import { rolesRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

const SAVED = { en: 'Role configuration saved. It applies from the next request.', tn: 'பங்கு அமைப்பு சேமிக்கப்பட்டது. அடுத்த கோரிக்கையிலிருந்து இது பொருந்தும்.' };
const ASSIGNED = { en: 'Classes saved.', tn: 'வகுப்புகள் சேமிக்கப்பட்டன.' };

export const rolesModule: FastifyPluginAsync = async (app) => {
  const { roles } = app.services;

  registerRoute(app, rolesRoutes.getConfig, ({ actor }) => roles.getConfig(actor));
  registerRoute(app, rolesRoutes.saveConfig, async ({ actor, body }) => ok(await roles.saveConfig(actor, body), SAVED));
  registerRoute(app, rolesRoutes.listStaff, ({ actor }) => roles.listStaff(actor));
  registerRoute(app, rolesRoutes.assignClasses, async ({ actor, body }) => ok(await roles.assignClassesAs(actor, body), ASSIGNED));
};
