import { searchRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const searchModule: FastifyPluginAsync = async (app) => {
  const { search } = app.services;

  // An empty result carries the spec's "No results.." for the quick bar to show.
  registerRoute(app, searchRoutes.query, async ({ actor, query }) => {
    const results = await search.query(actor, query.q);
    return results.length ? results : ok(results, 'noResults');
  });
};
