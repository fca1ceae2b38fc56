import { gradingRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const gradingModule: FastifyPluginAsync = async (app) => {
  const { grading } = app.services;

  registerRoute(app, gradingRoutes.listPendingEvaluations, ({ actor, query }) => grading.listPendingEvaluations(actor, query));
  registerRoute(app, gradingRoutes.markAnswer, async ({ actor, body }) => ok(await grading.markAnswer(actor, body), 'markSaved'));
  registerRoute(app, gradingRoutes.revealCandidate, ({ actor, body }) => grading.revealCandidate(actor, body));
};
