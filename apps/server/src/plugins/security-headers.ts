import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers (Content-Security-Policy, nosniff, frame and referrer policies, …) on every
 * response. The helmet middleware is built once here; building it per request (as the Fastify
 * wrapper does) re-parses the CSP directives on every call and cost a few percent of the
 * server's CPU on the saveAnswer path.
 *
 * `upgrade-insecure-requests` and HSTS only when the site is served over HTTPS: on a school LAN
 * over plain HTTP they make the browser fetch the scripts over https, and the page stays blank.
 *
 * With an ONLYOFFICE Document Server configured, office questions load its api.js and its editor
 * frame: its origin (and only it) is added to the script, frame and connect sources.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: { isHttps: boolean; documentServerUrl?: string }) => {
  const extra = options.documentServerUrl ? [new URL(options.documentServerUrl).origin] : [];
  const apply = helmet({
    strictTransportSecurity: options.isHttps,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...extra],
        connectSrc: ["'self'", ...extra],
        frameSrc: ["'self'", ...extra],
        upgradeInsecureRequests: options.isHttps ? [] : null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
});
