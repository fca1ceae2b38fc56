import type { z } from 'zod';
import type { Permission } from '../roles/permissions.js';
import type { Role } from './roles.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Who may call a route: 'public' (no token), 'user' (any signed-in user), or a list of roles.
 */
export type RouteAccess = 'public' | 'user' | readonly Role[];

/**
 * One call of the API: its method, its path under /api (in the spec's own case), its request
 * schemas and the schema of the envelope's body. The server registers it; the web client calls it.
 */
export interface RouteDef<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
  summary: string;
  body?: Body;
  query?: Query;
  response: Res;
  /** Multipart uploads are validated by the handler, not by a body schema. */
  multipart?: boolean;
  /**
   * The action a caller's role must hold (role_permissions of the caller's client); without it
   * the call answers 403 before the handler runs. Records are then checked by the domain's policy.
   */
  permission?: Permission;
}

/** Where a route is called: its method and path, without its schemas. */
export interface Endpoint {
  method: HttpMethod;
  path: string;
}

/**
 * Endpoints typed as the routes they belong to, for a client that only reads `method` and `path`
 * (the web's `callApi`): calls stay typed by the route's schemas while the schemas themselves, and
 * the validation library, are not part of that client's bundle.
 */
export function clientRoutes<Routes extends Record<string, RouteDef>>(endpoints: { [K in keyof Routes]: Endpoint }): Routes {
  return endpoints as unknown as Routes;
}

export function defineRoute<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Res extends z.ZodType = z.ZodType,
>(def: RouteDef<Body, Query, Res>): RouteDef<Body, Query, Res> {
  return def;
}

export type RouteBody<R> = R extends RouteDef<infer B, z.ZodType | undefined, z.ZodType>
  ? B extends z.ZodType
    ? z.input<B>
    : undefined
  : never;
export type RouteQuery<R> = R extends RouteDef<z.ZodType | undefined, infer Q, z.ZodType>
  ? Q extends z.ZodType
    ? z.input<Q>
    : undefined
  : never;
export type RouteResponse<R> = R extends RouteDef<z.ZodType | undefined, z.ZodType | undefined, infer S>
  ? z.output<S>
  : never;
