import { COMMON_ERRORS, type ErrorEnvelope } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { translate } from '../lib/language.js';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: (string | number)[]; message?: string } };
}

function fieldsOf(items: ValidationItem[], language: 'en' | 'tn'): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const item of items) {
    const path =
      item.params?.issue?.path?.join('.') ?? item.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
    const key = path || '_';
    if (!fields[key]) fields[key] = translate(item.params?.issue?.message ?? item.message ?? 'badRequest', language);
  }
  return fields;
}

/** Field messages may be catalogue keys; they leave in the request's language. */
function translateFields(fields: Record<string, string>, language: 'en' | 'tn'): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, translate(text, language)]));
}

/**
 * PostgreSQL's data exceptions that only input can cause (a number beyond its column, text it
 * cannot store, a malformed literal). The edge refuses these first; this is the net behind it.
 */
const INPUT_DATA_EXCEPTIONS = new Set(['22001', '22003', '22021', '22P02', '22P05']);

function databaseCodeOf(error: unknown): string | undefined {
  for (let current = error, hops = 0; current && typeof current === 'object' && hops < 3; hops += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The one error handler: every failure leaves in the spec's envelope with a fitting status. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & { validation?: ValidationItem[] }, req, reply) => {
    const language = req.language ?? 'en';
    let status: number;
    let payload: ErrorEnvelope;

    if (error instanceof AppError) {
      status = error.statusCode;
      payload = {
        status: false,
        message: translate(error.detail ?? error.def.message, language),
        body: { code: error.code, ...(error.fields ? { fields: translateFields(error.fields, language) } : {}) },
      };
    } else if (error.validation) {
      const fields = fieldsOf(error.validation, language);
      const first = Object.values(fields)[0];
      status = 400;
      payload = {
        status: false,
        message: first ?? translate(COMMON_ERRORS.VALIDATION_FAILED.message, language),
        body: { code: COMMON_ERRORS.VALIDATION_FAILED.code, fields },
      };
    } else if (INPUT_DATA_EXCEPTIONS.has(databaseCodeOf(error) ?? '')) {
      status = 400;
      req.log.warn({ err: error }, 'input refused by the database');
      payload = {
        status: false,
        message: translate('valueOutOfRange', language),
        body: { code: COMMON_ERRORS.VALIDATION_FAILED.code },
      };
    } else {
      const code =
        error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? COMMON_ERRORS.PAYLOAD_TOO_LARGE
          : error.statusCode === 415
            ? COMMON_ERRORS.UNSUPPORTED_MEDIA_TYPE
            : error.statusCode === 429
              ? COMMON_ERRORS.RATE_LIMITED
              : error.statusCode && error.statusCode >= 400 && error.statusCode < 500
                ? COMMON_ERRORS.VALIDATION_FAILED
                : COMMON_ERRORS.INTERNAL;
      status = code === COMMON_ERRORS.UNSUPPORTED_MEDIA_TYPE ? 415 : code.http;
      if (status >= 500) req.log.error({ err: error }, 'unhandled error');
      const isClientError = status < 500 && code === COMMON_ERRORS.VALIDATION_FAILED;
      payload = {
        status: false,
        message: isClientError ? error.message : translate(code.message, language),
        body: { code: code.code },
      };
    }
    if (status === 401 || status === 403) req.log.info({ code: payload.body?.code }, 'access refused');
    return reply.status(status).send(payload);
  });
});
