import { APP_VERSION, COMMON_ERRORS, PASSWORD_CHANGE_PATHS, STUDENTS_ERRORS, type Language } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../lib/actor.js';
import { AppError } from '../lib/errors.js';
import { languageOf } from '../lib/language.js';

const PASSWORD_CHANGE_URLS = new Set(PASSWORD_CHANGE_PATHS.map((path) => `/api${path}`.toLowerCase()));

/** Response header by which the server asks the web client to reload. */
export const RELOAD_HEADER = 'x-reload-required';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    actor: Actor | undefined;
    /** The signed-in user, or 401. */
    requireActor(): Promise<Actor>;
    /** The signed-in user if a valid token came, else undefined. */
    optionalActor(): Promise<Actor | undefined>;
  }
}

function bearerOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/** Language from the `language` header, and the actor from the bearer token. */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'en');
  app.decorateRequest('actor', undefined);
  app.decorateRequest('requireActor', async function (this: FastifyRequest) {
    if (this.actor) return this.actor;
    const token = bearerOf(this);
    if (!token) throw new AppError(COMMON_ERRORS.AUTH_REQUIRED);
    const actor = await app.services.auth.resolveToken(token);
    // After a temporary password nothing but changing it (or signing out) works.
    if (actor.mustChangePassword && !PASSWORD_CHANGE_URLS.has((this.routeOptions.url ?? '').toLowerCase())) {
      throw new AppError(STUDENTS_ERRORS.STUDENTS_PASSWORD_CHANGE_REQUIRED);
    }
    this.actor = actor;
    return this.actor;
  });
  app.decorateRequest('optionalActor', async function (this: FastifyRequest) {
    if (!bearerOf(this)) return undefined;
    try {
      return await this.requireActor();
    } catch {
      return undefined;
    }
  });
  app.addHook('onRequest', async (req) => {
    req.language = languageOf(req.headers.language);
  });
  // A page built for another release asks for a reload (spec 000 §7 "The response handler");
  // the client reloads once and its guard stops a loop.
  app.addHook('onSend', async (req, reply, payload) => {
    const clientVersion = req.headers.version;
    if (typeof clientVersion === 'string' && clientVersion && clientVersion !== APP_VERSION) {
      reply.header(RELOAD_HEADER, 'true');
    }
    return payload;
  });
});
