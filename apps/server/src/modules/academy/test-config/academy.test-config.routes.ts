import { testConfigRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../../lib/route.js';

/** Test configuration (staff, /testconfig). */
export const testConfigModule: FastifyPluginAsync = async (app) => {
  const { testConfig } = app.services;

  registerRoute(app, testConfigRoutes.list, ({ actor, query }) => testConfig.listTestConfigs(actor, query));
  registerRoute(app, testConfigRoutes.get, ({ actor, query }) => testConfig.getTestConfig(actor, query));
  registerRoute(app, testConfigRoutes.create, ({ actor, body }) => testConfig.createTestConfig(actor, body));
  registerRoute(app, testConfigRoutes.update, ({ actor, body }) => testConfig.updateTestConfig(actor, body));
  registerRoute(app, testConfigRoutes.saveSections, ({ actor, body }) => testConfig.saveTestSections(actor, body));
  registerRoute(app, testConfigRoutes.preview, ({ actor, query }) => testConfig.previewTestConfig(actor, query));
  registerRoute(app, testConfigRoutes.publish, ({ actor, body }) => testConfig.publishTestConfig(actor, body));
};
