import { profileRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';
import { AUTH_RATE_LIMITS } from '../auth/auth.routes.js';

export const profileModule: FastifyPluginAsync = async (app) => {
  const { profile } = app.services;

  registerRoute(app, profileRoutes.getInfo, ({ actor }) => profile.getInfo(actor));
  registerRoute(app, profileRoutes.getUserInfo, ({ actor }) => profile.getUserInfo(actor));
  registerRoute(app, profileRoutes.updateUserInfo, async ({ actor, body }) => ok(await profile.updateUserInfo(actor, body), 'profileSaved'));
  registerRoute(app, profileRoutes.register, async ({ actor, body }) => ok(await profile.register(actor, body), 'profileSaved'));
  registerRoute(app, profileRoutes.getParentInfo, ({ actor }) => profile.getParentInfo(actor));
  registerRoute(
    app,
    profileRoutes.updateParentInfo,
    async ({ actor, body }) => ok(await profile.updateParentInfo(actor, body), 'parentInfoSaved'),
    { rateLimit: AUTH_RATE_LIMITS.checkCode },
  );
  registerRoute(
    app,
    profileRoutes.generateOtp2,
    async ({ actor, body, req }) => ok(await profile.generateOtp2(actor, body.mobile, req.language), 'otpSent'),
    { rateLimit: AUTH_RATE_LIMITS.sendCode },
  );
};
