import { bookmarksRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const bookmarksModule: FastifyPluginAsync = async (app) => {
  const { bookmarks } = app.services;

  registerRoute(app, bookmarksRoutes.getLabelList, ({ actor }) => bookmarks.listLabels(actor));
  registerRoute(app, bookmarksRoutes.createLabel, async ({ actor, body }) => ok(await bookmarks.createLabel(actor, body.title), 'labelCreated'));
  registerRoute(app, bookmarksRoutes.editLabel, async ({ actor, body }) =>
    ok(await bookmarks.editLabel(actor, body.labelId, body.title), 'labelUpdated'),
  );
  registerRoute(app, bookmarksRoutes.deleteLabel, async ({ actor, query }) => ok(await bookmarks.deleteLabel(actor, query.labelId), 'labelDeleted'));
  registerRoute(app, bookmarksRoutes.bookmarkList, ({ actor }) => bookmarks.list(actor));
  registerRoute(app, bookmarksRoutes.createBookmark, async ({ actor, body }) => ok(await bookmarks.create(actor, body), 'bookmarkCreated'));
  registerRoute(app, bookmarksRoutes.editBookmark, async ({ actor, body }) => ok(await bookmarks.edit(actor, body), 'bookmarkUpdated'));
  registerRoute(app, bookmarksRoutes.deleteBookmark, async ({ actor, query }) => ok(await bookmarks.remove(actor, query.id), 'bookmarkDeleted'));
};
