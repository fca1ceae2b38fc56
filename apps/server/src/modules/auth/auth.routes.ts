import { authRoutes } from '@app/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { networkMatcher } from '../../lib/networks.js';
import { ok, registerRoute } from '../../lib/route.js';
import { clientAddressKey } from '../../plugins/rate-limits.js';

/**
 * Per-address limits (requests per minute), keyed by the client's address alone whatever token or
 * forwarded header comes with the call; each account and each code has its own, tighter limit in
 * the service. Sign-in's per-address allowance is a setting (SIGN_IN_PER_ADDRESS, 180: a class of
 * 60 behind one address in the same minute), larger for the schools' networks (SCHOOL_NETWORKS,
 * SIGN_IN_PER_SCHOOL_ADDRESS), whose whole roll signs in behind one address before an exam.
 */
export const AUTH_RATE_LIMITS = {
  sendCode: { max: 60, timeWindow: '1 minute', keyGenerator: clientAddressKey },
  checkCode: { max: 120, timeWindow: '1 minute', keyGenerator: clientAddressKey },
} as const;

export const authModule: FastifyPluginAsync = async (app) => {
  const { auth } = app.services;
  const { config } = app.deps;
  const inSchoolNetwork = networkMatcher(config.SCHOOL_NETWORKS);
  const signIn = {
    max: (req: FastifyRequest) => (inSchoolNetwork(req.ip) ? config.SIGN_IN_PER_SCHOOL_ADDRESS : config.SIGN_IN_PER_ADDRESS),
    timeWindow: '1 minute',
    keyGenerator: clientAddressKey,
  };

  registerRoute(app, authRoutes.login, ({ body }) => auth.login(body), { rateLimit: signIn });

  registerRoute(app, authRoutes.loginWithSessionId, ({ body }) => auth.loginWithSessionId(body), {
    rateLimit: signIn,
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
