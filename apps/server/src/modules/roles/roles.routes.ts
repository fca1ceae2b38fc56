import { rolesRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const rolesModule: FastifyPluginAsync = async (app) => {
  const { roles } = app.services;

  registerRoute(app, rolesRoutes.getConfig, ({ actor }) => roles.getConfig(actor));
  registerRoute(app, rolesRoutes.saveConfig, async ({ actor, body }) => ok(await roles.saveConfig(actor, body), 'roleConfigSaved'));
  registerRoute(app, rolesRoutes.listStaff, ({ actor }) => roles.listStaff(actor));
  registerRoute(app, rolesRoutes.assignClasses, async ({ actor, body }) => ok(await roles.assignClassesAs(actor, body), 'classesSaved'));
};
