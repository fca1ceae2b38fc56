import {
  APP_VERSION,
  REQUEST_TIMEOUT_MS,
  type RouteBody,
  type RouteDef,
  type RouteQuery,
  type RouteResponse,
} from '@app/contracts';
import { env } from '../config/env';
import { RELOAD_HEADER, reloadOnce } from './reload-guard';
import { storage } from './storage';

/** A failed call: the server's envelope message, its code and HTTP status (0 = network). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();
/** The session layer listens here to log out on 401 (expired or revoked token). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

let currentLanguage = 'en';
export function setApiLanguage(language: string) {
  currentLanguage = language;
}

export interface CallOptions<R extends RouteDef> {
  body?: RouteBody<R>;
  query?: RouteQuery<R>;
  signal?: AbortSignal;
  /** Multipart uploads. */
  formData?: FormData;
  /** A token other than the stored one (a sign-in not yet stored, e.g. before a required password change). */
  token?: string;
}

function buildUrl(path: string, query: Record<string, unknown> | undefined): string {
  const url = `${env.apiBase}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/**
 * Calls one contract route with the spec's headers (bearer token, language, client-id,
 * version) and a 60 s timeout, and unwraps the envelope. Returns body and message.
 */
async function send<R extends RouteDef>(route: R, options: CallOptions<R>): Promise<{ response: Response; token: string | null }> {
  const headers: Record<string, string> = {
    language: currentLanguage,
    version: APP_VERSION,
  };
  const token = options.token ?? storage.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const clientId = storage.getClientId();
  if (clientId) headers['client-id'] = clientId;
  let payload: BodyInit | undefined;
  if (options.formData) payload = options.formData;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(buildUrl(route.path, options.query as Record<string, unknown> | undefined), {
      method: route.method,
      headers,
      body: payload,
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError' && options.signal?.aborted) throw error;
    throw new ApiError((error as Error).message || 'Network error', 'NETWORK', 0);
  }
  if (response.headers.get(RELOAD_HEADER) === 'true') reloadOnce();
  return { response, token };
}

export async function callApiFull<R extends RouteDef>(
  route: R,
  options: CallOptions<R> = {},
): Promise<{ body: RouteResponse<R>; message: string }> {
  const { response, token } = await send(route, options);
  let data: { status?: boolean; message?: string; body?: unknown } | undefined;
  try {
    data = (await response.json()) as typeof data;
  } catch {
    data = undefined;
  }
  if (!response.ok || !data || data.status !== true) {
    const errorBody = (data?.body ?? {}) as { code?: string; fields?: Record<string, string> };
    const error = new ApiError(
      data?.message ?? `${response.status} ${response.statusText}`,
      errorBody.code ?? `HTTP_${response.status}`,
      response.status,
      errorBody.fields,
    );
    if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener(error));
    throw error;
  }
  return { body: data.body as RouteResponse<R>, message: data.message ?? '' };
}

export async function callApi<R extends RouteDef>(route: R, options: CallOptions<R> = {}): Promise<RouteResponse<R>> {
  return (await callApiFull(route, options)).body;
}

/** A file answered by a route (an export, a template): its bytes, name and headers; errors come in the envelope. */
export async function callApiFile<R extends RouteDef>(
  route: R,
  options: CallOptions<R> = {},
): Promise<{ blob: Blob; fileName: string | null; headers: Headers }> {
  const { response, token } = await send(route, options);
  if (!response.ok) {
    let data: { message?: string; body?: { code?: string; fields?: Record<string, string> } } | undefined;
    try {
      data = (await response.json()) as typeof data;
    } catch {
      data = undefined;
    }
    const error = new ApiError(data?.message ?? `${response.status} ${response.statusText}`, data?.body?.code ?? `HTTP_${response.status}`, response.status, data?.body?.fields);
    if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener(error));
    throw error;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName, headers: response.headers };
}

/** A route that answers with a file (a PDF, an export): its bytes as a Blob (see callApiFile). */
export async function callApiBlob<R extends RouteDef>(route: R, options: Pick<CallOptions<R>, 'query' | 'signal'> = {}): Promise<Blob> {
  return (await callApiFile(route, options as CallOptions<R>)).blob;
}

/** Network failures and server errors are worth a retry; 4xx answers are final. */
export function classifyFailure(error: unknown): 'retry' | 'rejected' {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return 'retry';
  return status === 0 || status >= 500 || status === 429 || status === 408 ? 'retry' : 'rejected';
}
