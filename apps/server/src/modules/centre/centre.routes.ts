import { CENTRE_ERRORS, centreRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { registerRoute } from '../../lib/route.js';

/** Pairing attempts per client address per minute: a code has 60 bits, and each try costs a round trip. */
const PAIR_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
/** Unlock attempts per invigilator per minute (each code try costs a 64 MiB key derivation). */
const UNLOCK_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export const centreModule: FastifyPluginAsync = async (app) => {
  const { central, local, role } = app.services.centre;

  registerRoute(app, centreRoutes.serverRole, () => ({ role }));
  registerRoute(app, centreRoutes.check, () => app.services.centre.check());

  if (role === 'central') {
    registerRoute(app, centreRoutes.createPairingCode, ({ actor, body }) => central.createPairingCode(actor, body));
    registerRoute(app, centreRoutes.list, ({ actor }) => central.list(actor));
    registerRoute(app, centreRoutes.issueInvigilatorCode, ({ actor, body }) => central.issueInvigilatorCode(actor, body));
    registerRoute(app, centreRoutes.pair, ({ body }) => central.pair(body), { rateLimit: PAIR_RATE_LIMIT });
    registerRoute(app, centreRoutes.stage, async ({ body, req }) => central.stage(await central.authenticate(req.headers.authorization), body));
    registerRoute(app, centreRoutes.syncState, ({ actor, query }) => central.syncState(actor, query));
    registerRoute(app, centreRoutes.requestResend, ({ actor, body }) => central.requestResend(actor, body));
    registerRoute(app, centreRoutes.resendRequests, async ({ req }) => central.resendRequests(await central.authenticate(req.headers.authorization)));
    registerRoute(app, centreRoutes.sync, async ({ body, req }) => central.sync(await central.authenticate(req.headers.authorization), body));
    registerRoute(app, centreRoutes.releaseKey, async ({ body, req }) => central.releaseKey(await central.authenticate(req.headers.authorization), body));
    return;
  }
  if (!local) throw new AppError(CENTRE_ERRORS.CENTRE_ROLE_WRONG);
  // The outage before this start is measured and credited as late as possible before serving.
  app.addHook('onReady', () => app.services.centre.startJournal());
  registerRoute(app, centreRoutes.localStatus, () => local.status());
  registerRoute(app, centreRoutes.localPair, ({ actor, body }) => local.pair(actor, body), { rateLimit: PAIR_RATE_LIMIT });
  registerRoute(app, centreRoutes.localStage, ({ actor }) => local.stage(actor));
  registerRoute(app, centreRoutes.localUnlock, ({ actor, body }) => local.unlock(actor, body), { rateLimit: UNLOCK_RATE_LIMIT });
  registerRoute(app, centreRoutes.localSync, ({ actor }) => local.sync(actor));
  registerRoute(app, centreRoutes.localRoom, ({ actor, query }) => local.room(actor, query));
};
