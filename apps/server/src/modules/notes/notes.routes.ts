import { notesRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const notesModule: FastifyPluginAsync = async (app) => {
  const { notes } = app.services;

  registerRoute(app, notesRoutes.listLabels, ({ actor }) => notes.listLabels(actor));
  registerRoute(app, notesRoutes.createLabel, async ({ actor, body }) => ok(await notes.createLabel(actor, body.title), 'labelCreated'));
  registerRoute(app, notesRoutes.editLabel, async ({ actor, body }) => ok(await notes.editLabel(actor, body.labelId, body.title), 'labelUpdated'));
  registerRoute(app, notesRoutes.deleteLabel, async ({ actor, query }) => ok(await notes.deleteLabel(actor, query.id), 'labelDeleted'));
  registerRoute(app, notesRoutes.listNotes, ({ actor }) => notes.list(actor));
  registerRoute(app, notesRoutes.createNotes, async ({ actor, body }) => ok(await notes.create(actor, body), 'noteCreated'));
  registerRoute(app, notesRoutes.editNotes, async ({ actor, body }) => ok(await notes.edit(actor, body), 'noteUpdated'));
  registerRoute(app, notesRoutes.deleteNotes, async ({ actor, query }) => ok(await notes.remove(actor, query.id), 'noteDeleted'));
};
