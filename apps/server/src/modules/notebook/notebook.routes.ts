import { notebookRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const notebookModule: FastifyPluginAsync = async (app) => {
  const { notebook } = app.services;

  registerRoute(app, notebookRoutes.listCards, ({ actor, query }) => notebook.list(actor, query));
  registerRoute(app, notebookRoutes.updateCard, async ({ actor, body }) =>
    ok(await notebook.update(actor, body), 'notebookCardUpdated'),
  );
  registerRoute(app, notebookRoutes.addCard, async ({ actor, body }) =>
    ok(await notebook.add(actor, body), 'notebookCardAdded'),
  );
};
