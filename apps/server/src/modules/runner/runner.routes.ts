import { RUN_RATE_PER_MINUTE, runnerRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const runnerModule: FastifyPluginAsync = async (app) => {
  const { runner } = app.services;

  registerRoute(app, runnerRoutes.run, ({ actor, body }) => runner.startRun(actor, body), {
    rateLimit: { max: RUN_RATE_PER_MINUTE, timeWindow: '1 minute' },
  });
  registerRoute(app, runnerRoutes.getRunDetails, ({ actor, query }) => runner.getRunDetails(actor, query.runID));
  registerRoute(app, runnerRoutes.health, async ({ reply }) => {
    const health = await runner.health();
    // A load balancer or monitor sees at once that this node cannot take runs.
    if (health.state === 'unavailable') reply.status(503);
    return health;
  });
};
