import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, COMMON_ERRORS, IMAGE_UPLOAD_MAX_BYTES } from '@app/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { translate } from './lib/language.js';
import { apiModules } from './modules/index.js';
import { serverPaths } from './lib/server-paths.js';
import { createLocalRateLimitStore, createSharedRateLimitStore } from './lib/rate-limit-store.js';
import { clientErrorHandler } from './plugins/client-errors.js';
import { errorHandler } from './plugins/error-handler.js';
import { metrics } from './plugins/metrics.js';
import { readiness } from './plugins/readiness.js';
import { requestContext } from './plugins/request-context.js';
import { inputGuard } from './plugins/input-guard.js';
import { isApiUrl, rateLimits } from './plugins/rate-limits.js';
import { securityHeaders } from './plugins/security-headers.js';
import { createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    services: Services;
  }
}

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** A pino logger shared with the rest of the process (the server's). */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
}

/** Builds the whole app without listening: the server listens, tests use inject. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    bodyLimit: 2 * IMAGE_UPLOAD_MAX_BYTES,
    // Forwarded addresses are believed only from the configured proxies (none by default).
    trustProxy: deps.config.TRUST_PROXY.length ? deps.config.TRUST_PROXY : false,
    requestTimeout: 60_000,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('services', createServices(deps));

  await app.register(errorHandler);
  await app.register(metrics);
  await app.register(requestContext);
  await app.register(securityHeaders, { isHttps: deps.config.isHttps, documentServerUrl: deps.config.ONLYOFFICE_URL });
  await app.register(inputGuard);
  await app.register(rateLimits, {
    max: deps.config.RATE_LIMIT_MAX,
    // Several processes share counters through Redis; without it (or while it is down) each counts alone.
    store: deps.redis ? createSharedRateLimitStore(deps.redis, () => app.metrics.noteRateLimitFallback()) : createLocalRateLimitStore(),
  });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'NEET Prep API', version: APP_VERSION, description: 'Every call of the web client.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(readiness);
  app.metrics.addQueue('runner', () => app.services.runner.pendingRuns());
  app.metrics.addQueue('jobs', () => app.services.jobs.queue.queued());
  app.metrics.addQueue('starts', () => app.services.exam.startsWaiting());
  app.metrics.addQueue('submits', () => app.services.exam.submitsWaiting());
  app.metrics.addQueue('password-hashes', () => app.services.passwords.waiting());
  // Subscriptions made while building the services (session revocations) are live before serving.
  await deps.redis?.subscribed();

  for (const module of apiModules) await app.register(module);

  app.addHook('onClose', async () => app.services.stopAll());
  await registerWebApp(app, deps.config.WEB_DIST_DIR ?? serverPaths.webDist);
  return app;
}

/** Serves the built web app, with index.html for deep links; /api/* misses get a 404 envelope. */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((req, reply) => {
    if (!isApiUrl(req.url) && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
    }
    return reply.status(404).send({
      status: false,
      message: translate(COMMON_ERRORS.ROUTE_NOT_FOUND.message, req.language ?? 'en'),
      body: { code: COMMON_ERRORS.ROUTE_NOT_FOUND.code },
    });
  });
}
