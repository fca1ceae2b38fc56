import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';
import { requestContext } from './request-context.js';

const app = Fastify();
beforeAll(async () => {
  await app.register(errorHandler);
  await app.register(requestContext);
  app.get('/fail/:kind', async (req) => {
    const { kind } = req.params as { kind: string };
    const dbError = Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: kind });
    // Drizzle wraps the driver's error; its code sits on the cause.
    throw new Error('Failed query: select …', { cause: dbError });
  });
});
afterAll(() => app.close());

describe('database errors in the envelope', () => {
  it('answers a data exception that input caused with 400 and no SQL text', async () => {
    for (const code of ['22003', '22P02', '22021', '22P05', '22001']) {
      const res = await app.inject({ method: 'GET', url: `/fail/${code}`, headers: { language: 'en' } });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ status: false, message: 'A value is out of range or not valid.', body: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('keeps other database failures a 500 without their text', async () => {
    const res = await app.inject({ method: 'GET', url: '/fail/53300' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('select');
  });
});
