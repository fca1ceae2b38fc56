import { questionBankRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const questionBankModule: FastifyPluginAsync = async (app) => {
  const { questionBank } = app.services;

  registerRoute(app, questionBankRoutes.list, ({ actor, query }) => questionBank.list(actor, query));
  registerRoute(app, questionBankRoutes.get, ({ actor, query }) => questionBank.get(actor, query));
  registerRoute(app, questionBankRoutes.create, ({ actor, body }) => questionBank.create(actor, body));
  registerRoute(app, questionBankRoutes.update, ({ actor, body }) => questionBank.update(actor, body));
  registerRoute(app, questionBankRoutes.regrade, ({ actor, body }) => questionBank.regrade(actor, body));
  registerRoute(app, questionBankRoutes.listRegrades, ({ actor, query }) => questionBank.listRegrades(actor, query));
};
