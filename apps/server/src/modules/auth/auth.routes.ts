import { authRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';
import { clientAddressKey } from '../../plugins/rate-limits.js';

/**
 * Per-address limits (requests per minute), keyed by the client's address alone whatever token or
 * forwarded header comes with the call. They leave room for a class of 60 behind one school
 * address signing in within the same minute; each account and each code has its own, tighter
 * limit in the service.
 */
export const AUTH_RATE_LIMITS = {
  signIn: { max: 180, timeWindow: '1 minute', keyGenerator: clientAddressKey },
  sendCode: { max: 60, timeWindow: '1 minute', keyGenerator: clientAddressKey },
  checkCode: { max: 120, timeWindow: '1 minute', keyGenerator: clientAddressKey },
} as const;

export const authModule: FastifyPluginAsync = async (app) => {
  const { auth } = app.services;

  registerRoute(app, authRoutes.login, ({ body }) => auth.login(body), { rateLimit: AUTH_RATE_LIMITS.signIn });

  registerRoute(app, authRoutes.loginWithSessionId, ({ body }) => auth.loginWithSessionId(body), {
    rateLimit: AUTH_RATE_LIMITS.signIn,
  });

  registerRoute(app, authRoutes.createLoginLink, ({ actor, body }) => auth.createLoginLink(actor, body));

  registerRoute(app, authRoutes.logout, async ({ actor, body }) => {
    await auth.logout(actor, body.UserSessionID);
    return null;
  });

  registerRoute(
    app,
    authRoutes.sendMailForOtp,
    async ({ body, req }) => ok(await auth.sendMailForOtp(body, req.language), 'otpSent'),
    { rateLimit: AUTH_RATE_LIMITS.sendCode },
  );

  registerRoute(app, authRoutes.createStudent, async ({ body }) => ok(await auth.createStudent(body), 'signupDone'), {
    rateLimit: AUTH_RATE_LIMITS.checkCode,
  });

  registerRoute(app, authRoutes.parentLogin, ({ body }) => auth.parentLogin(body), { rateLimit: AUTH_RATE_LIMITS.checkCode });

  registerRoute(
    app,
    authRoutes.forgotPassword,
    async ({ body, req }) => ok(await auth.forgotPassword(body, req.language), 'otpMailSent'),
    { rateLimit: AUTH_RATE_LIMITS.sendCode },
  );

  registerRoute(
    app,
    authRoutes.validateEmailOtp,
    async ({ body }) => ok(await auth.validateEmailOtp(body), 'otpVerified'),
    { rateLimit: AUTH_RATE_LIMITS.checkCode },
  );

  registerRoute(
    app,
    authRoutes.resetPassword,
    async ({ body }) => {
      await auth.resetPassword(body);
      return ok(null, 'passwordChanged');
    },
    { rateLimit: AUTH_RATE_LIMITS.checkCode },
  );
};
