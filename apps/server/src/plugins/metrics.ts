import { timingSafeEqual } from 'node:crypto';
import { COMMON_ERRORS, examEndpoints } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/errors.js';

export const METRICS_PATH = '/metrics';

/** A queue whose depth is read at each scrape (runner runs, background jobs, and any other a module adds). */
export type QueueDepth = () => Promise<number> | number;

export interface AppMetrics {
  readonly registry: Registry;
  /** Exposes `depth()` as queue_depth{queue="<name>"}. */
  addQueue(name: string, depth: QueueDepth): void;
  /** A rate-limit count that could not use Redis and was counted in this process only. */
  noteRateLimitFallback(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Exam calls counted on their own: a 2xx answer to one of these is a save, a start or a submit. */
const EXAM_EVENTS = new Map<string, 'save' | 'start' | 'submit'>([
  [`${examEndpoints.saveAnswer.method} /api${examEndpoints.saveAnswer.path}`, 'save'],
  [`${examEndpoints.practise.method} /api${examEndpoints.practise.path}`, 'start'],
  [`${examEndpoints.submitTest.method} /api${examEndpoints.submitTest.path}`, 'submit'],
]);

/** Seconds; the save path's budget is 100 ms at p99, so the buckets are fine below a second. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** Headers a proxy adds when it passes a request on: such a request came from elsewhere, whatever the socket says. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-client-ip'];

function isProxied(req: FastifyRequest): boolean {
  return FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
}

function bearerMatches(req: FastifyRequest, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at GET /metrics: requests by route pattern, method and status with their
 * latency, exam saves/starts/submits, queue depths, the database pool, Redis and process metrics.
 * With METRICS_TOKEN set the caller must send it as a bearer token; without it only loopback
 * callers that no proxy passed on (the socket's address, and no forwarding header) are answered.
 */
export const metrics = fp(async (app: FastifyInstance) => {
  const { config, database, redis } = app.deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const examEvents = {
    save: new Counter({ name: 'exam_answer_saves_total', help: 'saveAnswer calls answered 2xx', registers: [registry] }),
    start: new Counter({ name: 'exam_attempt_starts_total', help: 'Attempt start (or resume) calls answered 2xx', registers: [registry] }),
    submit: new Counter({ name: 'exam_attempt_submits_total', help: 'submitTest calls answered 2xx (the sweeper’s automatic submits are not counted)', registers: [registry] }),
  };
  const queues = new Map<string, QueueDepth>();
  new Gauge({
    name: 'queue_depth',
    help: 'Work waiting in a queue (runner: runs not yet judged; jobs: jobs not yet claimed)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [name, depth] of queues) {
        try {
          this.set({ queue: name }, await depth());
        } catch {
          // A queue that cannot be read is left out of this scrape rather than failing it.
        }
      }
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (max, total, idle, waiting requests); absent on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'app_draining',
    help: '1 while the process drains before exiting (readiness is false)',
    registers: [registry],
    collect() {
      this.set(app.lifecycle?.isDraining ? 1 : 0);
    },
  });
  const rateLimitFallbacks = new Counter({
    name: 'rate_limit_local_fallbacks_total',
    help: 'Rate-limit counts kept in this process because Redis was unreachable',
    registers: [registry],
  });
  if (redis) {
    new Gauge({
      name: 'redis_up',
      help: '1 while the Redis connection (shared rate limits, session revocations) is up',
      registers: [registry],
      collect() {
        this.set(redis.isUp() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'redis_disconnects',
      help: 'Times the Redis connection was lost since the process started',
      registers: [registry],
      collect() {
        this.set(redis.downCount);
      },
    });
  }

  app.decorate('metrics', {
    registry,
    addQueue(name, depth) {
      queues.set(name, depth);
    },
    noteRateLimitFallback() {
      rateLimitFallbacks.inc();
    },
  } satisfies AppMetrics);

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = { method: req.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode < 300) {
      const event = EXAM_EVENTS.get(`${req.method} ${route}`);
      if (event) examEvents[event].inc();
    }
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    // A balancer on this machine connects from loopback and may compare the raw path while the
    // router decodes it (`/%6detrics`), so the server refuses proxied callers itself.
    const isAllowed = config.METRICS_TOKEN
      ? bearerMatches(req, config.METRICS_TOKEN)
      : isLoopback(req.socket.remoteAddress) && !isProxied(req);
    if (!isAllowed) throw new AppError(COMMON_ERRORS.AUTH_FORBIDDEN);
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
});
