import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { COMMON_ERRORS } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { translate } from '../lib/language.js';

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The client's address: the peer's own, or the one a configured proxy (TRUST_PROXY) forwarded.
 * Anonymous and credential-checking routes are limited by it alone, so that neither a made-up
 * token nor a made-up X-Forwarded-For gives a caller a fresh allowance.
 */
export function clientAddressKey(req: FastifyRequest): string {
  return `addr:${req.ip}`;
}

/**
 * Signed-in callers are limited per user, known only once the token is verified (a school's
 * class shares one address); everyone else per address.
 */
export async function verifiedCallerKey(req: FastifyRequest): Promise<string> {
  if (!isApiUrl(req.url)) return clientAddressKey(req);
  const actor = await req.optionalActor();
  return actor ? `user:${actor.userId}` : clientAddressKey(req);
}

/** Requests per minute on every API route; routes may set their own limit (RouteOptions.rateLimit). */
export const rateLimits = fp(async (app: FastifyInstance, options: { max: number; store?: FastifyRateLimitStoreCtor | undefined }) => {
  await app.register(rateLimit, {
    max: options.max,
    // Shared counters (Redis) when given; the plugin's in-process store otherwise.
    ...(options.store ? { store: options.store } : {}),
    timeWindow: '1 minute',
    keyGenerator: verifiedCallerKey,
    // Only the API is limited: the web app's files are the same for everyone, and a school's
    // students share one address, so a class opening the app at once must not be refused.
    allowList: (req) => !isApiUrl(req.url),
    errorResponseBuilder: (req, context) =>
      new AppError(COMMON_ERRORS.RATE_LIMITED, {
        detail: `${translate(COMMON_ERRORS.RATE_LIMITED.message, req.language ?? 'en')} (${context.after})`,
      }),
  });
});
