import { COMMON_ERRORS, type MessageKey } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { translate } from '../lib/language.js';

/**
 * How deep a request's JSON may nest. Far above any form or saved client state; a 20,000-deep
 * array would otherwise overflow the stack of whatever walks it next (a size check, the driver).
 */
export const JSON_MAX_DEPTH = 64;

/** Query parameters one request may carry; no call of the API takes more than a handful. */
export const QUERY_MAX_PARAMETERS = 100;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): MessageKey | undefined {
  if (text.includes('\u0000')) return 'textHasNul';
  if (LONE_SURROGATE.test(text)) return 'textNotWellFormed';
  return undefined;
}

/** A key fit to be echoed in the error: the refused characters shown as '?'. */
function printable(key: string): string {
  return Array.from(key, (char) => (char === '\u0000' || LONE_SURROGATE.test(char) ? '?' : char)).join('');
}

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  // Parsed JSON is plain; a parsed query string inherits from an empty, prototype-less object.
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * The first string (value or key) of a parsed body or query that no database column can hold
 * (U+0000 in PostgreSQL text, an unpaired surrogate), or a nesting deeper than JSON_MAX_DEPTH.
 * Iterative, so that the depth of the input cannot exhaust the stack.
 */
export function findInputProblem(input: unknown): { path: string; problem: MessageKey } | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path: path.join('.'), problem };
      continue;
    }
    if (!isPlainContainer(value)) continue;
    if (path.length >= JSON_MAX_DEPTH) return { path: path.slice(0, 3).join('.'), problem: 'nestedTooDeep' };
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i]!;
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: [...path, printable(key)].join('.'), problem: keyProblem };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/** Parameters of a parsed query string; a repeated name counts once per value. */
function queryParameterCount(query: unknown): number {
  if (!query || typeof query !== 'object') return 0;
  return Object.values(query).reduce<number>((count, value) => count + (Array.isArray(value) ? value.length : 1), 0);
}

/**
 * Refuses, with a 400 that names the field, any body or query holding text that the database
 * cannot store or JSON nested too deeply, before validation and before any service sees it.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    if (queryParameterCount(req.query) > QUERY_MAX_PARAMETERS) {
      throw new AppError(COMMON_ERRORS.VALIDATION_FAILED, { detail: translate('tooManyQueryParameters', req.language) });
    }
    const found = findInputProblem(req.query) ?? findInputProblem(req.body);
    if (!found) return;
    throw new AppError(COMMON_ERRORS.VALIDATION_FAILED, {
      detail: translate(found.problem, req.language),
      fields: { [found.path || '_']: found.problem },
    });
  });
});
