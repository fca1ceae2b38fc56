import type { MessageKey, RouteDef, RouteResponse } from '@app/contracts';
import { COMMON_ERRORS, envelope } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './actor.js';
import { AppError } from './errors.js';
import { translate } from './language.js';

/** A handler's result with a message other than the default "Success": a key of the catalogue, never inline text. */
export class Ok<T> {
  constructor(
    readonly body: T,
    readonly message: MessageKey,
  ) {}
}
export const ok = <T>(body: T, message: MessageKey) => new Ok(body, message);

type Input<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

export interface HandlerContext<Def extends RouteDef> {
  body: Input<Def['body']>;
  query: Input<Def['query']>;
  /** Present on every route whose access is not 'public'. */
  actor: Def['access'] extends 'public' ? Actor | undefined : Actor;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A handler returns the envelope's body, or the reply itself once it has sent raw bytes (a file). */
export type Handler<Def extends RouteDef> = (
  ctx: HandlerContext<Def>,
) =>
  | Promise<RouteResponse<Def> | Ok<RouteResponse<Def>> | FastifyReply>
  | RouteResponse<Def>
  | Ok<RouteResponse<Def>>
  | FastifyReply;

export interface RouteOptions {
  /** Per-route rate limit (requests per minute per verified user, else per address, unless keyed otherwise). */
  rateLimit?: { max: number | ((req: FastifyRequest, key: string) => number); timeWindow?: string | number; keyGenerator?: (req: FastifyRequest) => string | Promise<string> };
  bodyLimit?: number;
}

/**
 * Registers one contract route: validation of body and query with the contract's schemas,
 * the access check (role list, then the route's permission), and the spec's envelope around whatever the handler returns, serialised
 * through the response schema so that nothing undeclared leaves the server.
 */
export function registerRoute<Def extends RouteDef>(
  app: FastifyInstance,
  def: Def,
  handler: Handler<Def>,
  options: RouteOptions = {},
): void {
  const paths = [def.path];
  if (def.path.toLowerCase() !== def.path) paths.push(def.path.toLowerCase());
  paths.forEach((path, index) => {
    app.route({
      method: def.method,
      url: `/api${path}`,
      bodyLimit: options.bodyLimit,
      config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
      schema: {
        hide: index > 0,
        summary: def.summary,
        tags: [path.split('/')[1] ?? 'api'],
        ...(def.body && !def.multipart ? { body: def.body } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        response: { 200: envelope(def.response) },
        ...(def.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      },
      preHandler: async (req) => {
        if (def.access === 'public') {
          await req.optionalActor();
          return;
        }
        const actor = await req.requireActor();
        if (def.access !== 'user' && !def.access.includes(actor.role)) {
          throw new AppError(COMMON_ERRORS.AUTH_FORBIDDEN);
        }
        // Permissions are data (role_permissions of the actor's client), loaded with the session.
        if (def.permission && !actor.permissions.has(def.permission)) {
          throw new AppError(COMMON_ERRORS.AUTH_FORBIDDEN);
        }
      },
      handler: async (req, reply) => {
        const result = await handler({
          body: req.body as never,
          query: req.query as never,
          actor: req.actor as never,
          req,
          reply,
        });
        if (reply.sent || result === reply) return reply;
        const isOk = result instanceof Ok;
        return {
          status: true,
          message: translate(isOk ? result.message : 'ok', req.language),
          body: isOk ? result.body : (result ?? null),
        };
      },
    });
  });
}
