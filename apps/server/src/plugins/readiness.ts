import { APP_VERSION, COMMON_ERRORS } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/** How long the database may take to answer the readiness ping. */
const PING_TIMEOUT_MS = 2_000;

export interface Lifecycle {
  readonly isDraining: boolean;
  /** SIGTERM: readiness turns false so the load balancer sends new requests elsewhere. */
  startDraining(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** Response header of a 503 from /api/ready naming why (comma-separated NotReadyReason values). */
export const NOT_READY_HEADER = 'x-not-ready';

export type NotReadyReason = 'migrations-pending' | 'database-unreachable' | 'draining';

async function pingWithin(ping: () => Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([ping().then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness. GET /api/health answers while the process runs; GET /api/ready answers
 * 200 only when migrations are done, the database answers and the process is not draining, else
 * 503 with the reasons — what a load balancer's health check asks.
 */
export const readiness = fp(async (app: FastifyInstance) => {
  const { database } = app.deps;
  let isDraining = false;
  app.decorate('lifecycle', {
    get isDraining() {
      return isDraining;
    },
    startDraining() {
      isDraining = true;
    },
  } satisfies Lifecycle);

  app.get('/api/health', { schema: { hide: true } }, async () => ({
    status: true,
    message: 'ok',
    body: { version: APP_VERSION, database: database.driver, runner: app.services.runner.status().state },
  }));

  // The load balancer probes every second from one address: never rate-limited.
  app.get('/api/ready', { schema: { hide: true }, config: { rateLimit: false } }, async (_req, reply) => {
    const reasons: NotReadyReason[] = [];
    if (isDraining) reasons.push('draining');
    if (!database.isMigrated) reasons.push('migrations-pending');
    else if (!(await pingWithin(() => database.ping(), PING_TIMEOUT_MS))) reasons.push('database-unreachable');
    reply.header('cache-control', 'no-store');
    if (reasons.length) {
      reply.header(NOT_READY_HEADER, reasons.join(','));
      throw new AppError(COMMON_ERRORS.SERVER_NOT_READY);
    }
    return { status: true, message: 'ready', body: { database: database.driver, isMigrated: true, isDraining: false } };
  });
});
