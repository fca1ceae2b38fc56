import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
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
import { AppError } from './lib/errors.js';
import { translate } from './lib/language.js';
import { apiModules } from './modules/index.js';
import { serverPaths } from './lib/server-paths.js';
import { createSharedRateLimitStore } from './lib/rate-limit-store.js';
import { errorHandler } from './plugins/error-handler.js';
import { metrics } from './plugins/metrics.js';
import { readiness } from './plugins/readiness.js';
import { requestContext } from './plugins/request-context.js';
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
    trustProxy: true,
    requestTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('services', createServices(deps));

  await app.register(errorHandler);
  await app.register(metrics);
  await app.register(requestContext);
  await app.register(securityHeaders);
  await app.register(rateLimit, {
    max: deps.config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    keyGenerator: (req) => req.headers.authorization ?? req.ip,
    // Several processes share counters through Redis; without it (or while it is down) each counts alone.
    ...(deps.redis ? { store: createSharedRateLimitStore(deps.redis, () => app.metrics.noteRateLimitFallback()) } : {}),
    // Only the API is limited: the web app's files are the same for everyone, and a school's
    // students share one address, so a class opening the app at once must not be refused.
    allowList: (req) => !isApiUrl(req.url),
    errorResponseBuilder: (req, context) => {
      const error = new AppError(COMMON_ERRORS.RATE_LIMITED, {
        detail: `${translate(COMMON_ERRORS.RATE_LIMITED.message, req.language ?? 'en')} (${context.after})`,
      });
      return error;
    },
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
  // Subscriptions made while building the services (session revocations) are live before serving.
  await deps.redis?.subscribed();

  for (const module of apiModules) await app.register(module);

  app.addHook('onClose', async () => app.services.stopAll());
  await registerWebApp(app, deps.config.WEB_DIST_DIR ?? serverPaths.webDist);
  return app;
}

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
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
