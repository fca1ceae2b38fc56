import { todoRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const todoModule: FastifyPluginAsync = async (app) => {
  const { todo } = app.services;

  registerRoute(app, todoRoutes.list, ({ actor, query }) => todo.list(actor, query));
  registerRoute(app, todoRoutes.create, async ({ actor, body }) => ok(await todo.create(actor, body), 'todoCreated'));
  registerRoute(app, todoRoutes.update, async ({ actor, body }) => ok(await todo.update(actor, body), 'todoUpdated'));
  registerRoute(app, todoRoutes.delete, async ({ actor, query }) => {
    const result = await todo.remove(actor, query.id);
    return ok(result, result.permanent ? 'todoDeleted' : 'todoTrashed');
  });
  registerRoute(app, todoRoutes.restore, async ({ actor, body }) => ok(await todo.restore(actor, body.id), 'todoRestored'));
  registerRoute(app, todoRoutes.listLabels, ({ actor }) => todo.listLabels(actor));
  registerRoute(app, todoRoutes.createLabel, async ({ actor, body }) => ok(await todo.createLabel(actor, body.title), 'labelCreated'));
  registerRoute(app, todoRoutes.editLabel, async ({ actor, body }) => ok(await todo.editLabel(actor, body.labelId, body.title), 'labelUpdated'));
  registerRoute(app, todoRoutes.deleteLabel, async ({ actor, query }) => ok(await todo.deleteLabel(actor, query.id), 'labelDeleted'));
};
