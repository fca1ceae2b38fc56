import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { NOT_READY_HEADER } from './readiness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

describe('readiness', () => {
  it('is ready once migrated with a database that answers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, body: { database: t.deps.database.driver, isMigrated: true, isDraining: false } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not ready before the migrations are done', async () => {
    vi.spyOn(t.deps.database, 'isMigrated', 'get').mockReturnValue(false);
    const res = await t.call({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: false, body: { code: 'SERVER_NOT_READY' } });
    expect(res.headers[NOT_READY_HEADER]).toBe('migrations-pending');
  });

  it('is not ready while the database does not answer, and says so in the request’s language', async () => {
    vi.spyOn(t.deps.database, 'ping').mockRejectedValue(new Error('connection refused'));
    const res = await t.call({ method: 'GET', url: '/api/ready', headers: { language: 'tn' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers[NOT_READY_HEADER]).toBe('database-unreachable');
    expect(res.json().message).toMatch(/சேவையகம்/);
  });

  it('turns false while draining while liveness stays true', async () => {
    const fresh = await createTestApp();
    try {
      fresh.app.lifecycle.startDraining();
      const ready = await fresh.call({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers[NOT_READY_HEADER]).toBe('draining');
      expect(fresh.app.lifecycle.isDraining).toBe(true);
      const health = await fresh.call({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().body.database).toBe(fresh.deps.database.driver);
    } finally {
      await fresh.close();
    }
  });
});
