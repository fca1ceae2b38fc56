import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

// A class behind one school address opens the app at once: the web app's files are never
// rate-limited, only the API is.
const LIMIT = 5;
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(webDir, 'assets', 'page-abc123.js'), 'export const page = 1;');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir, RATE_LIMIT_MAX: String(LIMIT) } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the web app beside the API', () => {
  it('serves its files and deep links to one address any number of times', async () => {
    for (let i = 0; i < LIMIT * 4; i += 1) {
      const asset = await t.call({ method: 'GET', url: '/assets/page-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toContain('export const page');
      const deepLink = await t.call({ method: 'GET', url: '/test/test/1/2' });
      expect(deepLink.statusCode).toBe(200);
      expect(deepLink.body).toContain('<title>app</title>');
    }
  });

  it('still limits the API per address, with the error envelope', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) statuses.push((await t.call({ method: 'GET', url: '/api/health' })).statusCode);
    expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
    const refused = await t.call({ method: 'GET', url: '/api/health' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: false });
  });

  it('answers an unknown API path with the 404 envelope, not the web app', async () => {
    const other = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
    try {
      const response = await other.call({ method: 'GET', url: '/api/no/such/route' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: false, body: { code: 'ROUTE_NOT_FOUND' } });
    } finally {
      await other.close();
    }
  });
});
