import { academyRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const academyModule: FastifyPluginAsync = async (app) => {
  const { academy } = app.services;

  registerRoute(app, academyRoutes.listCourses, ({ actor }) => academy.listCourses(actor));
  registerRoute(app, academyRoutes.listTopics, ({ actor, query }) => academy.listTopics(actor, query));
  registerRoute(app, academyRoutes.listTasks, ({ actor, query }) => academy.listTasks(actor, query));
  registerRoute(app, academyRoutes.getContent, ({ actor, query }) => academy.getContent(actor, query));
  registerRoute(app, academyRoutes.track, ({ actor, body }) => academy.track(actor, body));
};
