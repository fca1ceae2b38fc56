import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers (Content-Security-Policy, HSTS, nosniff, frame and referrer policies, …) on
 * every response. The helmet middleware is built once here; building it per request (as the
 * Fastify wrapper does) re-parses the CSP directives on every call and cost a few percent of the
 * server's CPU on the saveAnswer path.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
});
