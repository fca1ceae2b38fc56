import { afterAll, describe, expect, it } from 'vitest';
import { DOWN_REDIS_URL, TEST_REDIS_URL, testRedisPrefix } from '../../test/redis.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const LIMIT = 4;
const open: TestApp[] = [];
afterAll(async () => {
  for (const t of open.reverse()) await t.close();
});

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env: { RATE_LIMIT_MAX: String(LIMIT), ...env } });
  open.push(t);
  return t;
}

const health = async (t: TestApp) => (await t.call({ method: 'GET', url: '/api/health' })).statusCode;

/** One sample value of the app's /metrics page. */
async function metric(t: TestApp, name: string): Promise<number | undefined> {
  const page = (await t.call({ method: 'GET', url: '/metrics' })).body;
  const line = page.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('rate limits across processes', () => {
  it('count one client on every process together through Redis', async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix('rate-limit') };
    const a = await app(env);
    const b = await app(env);
    expect([await health(a), await health(b), await health(a), await health(b)]).toEqual([200, 200, 200, 200]);
    // Each process has seen two calls; together they are at the limit.
    const refused = await a.call({ method: 'GET', url: '/api/health' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: false, body: { code: 'RATE_LIMITED' } });
    expect(await health(b)).toBe(429);
    expect(await metric(a, 'redis_up')).toBe(1);
    expect(await metric(a, 'rate_limit_local_fallbacks_total')).toBe(0);
  });

  it('fall back to per-process counting while Redis is down, and say so in the metrics', async () => {
    const t = await app({ REDIS_URL: DOWN_REDIS_URL, REDIS_PREFIX: testRedisPrefix('down') });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i += 1) statuses.push(await health(t));
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(await metric(t, 'redis_up')).toBe(0);
    expect(await metric(t, 'rate_limit_local_fallbacks_total')).toBeGreaterThanOrEqual(LIMIT + 1);
    const ready = await t.call({ method: 'GET', url: '/api/ready' });
    // Redis is a helper: its absence does not take the process out of rotation (and probes are never limited).
    expect(ready.statusCode).toBe(200);
  });
});
