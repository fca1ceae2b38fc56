import type { Language } from './constants.js';
import { CORE_MESSAGES, type CoreMessageKey } from './messages.js';

export type LocalizedText = Record<Language, string>;

export interface ErrorDef {
  code: string;
  http: number;
  message: LocalizedText;
}

/**
 * Declares a domain's error codes (UPPER_SNAKE, domain prefix) with HTTP status and message in
 * both languages. Each domain keeps its own table beside its schemas; server and client share it.
 */
export function defineErrors<K extends string>(
  table: Record<K, { http: number; message: CoreMessageKey | LocalizedText }>,
): Record<K, ErrorDef> {
  const out = {} as Record<K, ErrorDef>;
  for (const code of Object.keys(table) as K[]) {
    const { http, message } = table[code];
    out[code] = { code, http, message: typeof message === 'string' ? CORE_MESSAGES[message] : message };
  }
  return out;
}

export const COMMON_ERRORS = defineErrors({
  VALIDATION_FAILED: { http: 400, message: 'badRequest' },
  AUTH_REQUIRED: { http: 401, message: 'unauthorized' },
  AUTH_TOKEN_EXPIRED: { http: 401, message: 'accessTokenExpired' },
  AUTH_TOKEN_INVALID: { http: 401, message: 'tokenLoginFailed' },
  AUTH_FORBIDDEN: { http: 403, message: 'forbidden' },
  NOT_FOUND: { http: 404, message: 'notFound' },
  ROUTE_NOT_FOUND: { http: 404, message: 'routeNotFound' },
  CONFLICT: { http: 409, message: 'conflict' },
  PAYLOAD_TOO_LARGE: { http: 413, message: 'tooLarge' },
  REQUEST_TIMEOUT: { http: 408, message: 'requestTimeout' },
  HEADERS_TOO_LARGE: { http: 431, message: 'headersTooLarge' },
  UNSUPPORTED_MEDIA_TYPE: { http: 422, message: 'unsupportedType' },
  RATE_LIMITED: { http: 429, message: 'rateLimited' },
  INTERNAL: { http: 500, message: 'internal' },
  SERVICE_UNAVAILABLE: { http: 503, message: 'serviceUnavailable' },
  /** Readiness: still migrating, the database does not answer, or the process is draining. */
  SERVER_NOT_READY: { http: 503, message: 'serverNotReady' },
});
