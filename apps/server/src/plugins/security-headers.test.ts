import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('security headers over plain HTTP (no PUBLIC_URL, or an http one)', () => {
  const environments: Record<string, string>[] = [{}, { PUBLIC_URL: 'http://schoolserver.lan:8080' }];
  for (const env of environments) {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env });
    });
    afterAll(async () => t.close());

    it(`neither upgrades requests to https nor sends HSTS (${JSON.stringify(env)})`, async () => {
      for (const url of ['/', '/login', '/api/nope']) {
        const res = await t.call({ method: 'GET', url, headers: { host: 'schoolserver.lan:8080' } });
        const csp = res.headers['content-security-policy'] as string;
        expect(csp).toContain("default-src 'self'");
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(res.headers['strict-transport-security']).toBeUndefined();
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });
  }
});

describe('security headers when the site is served over HTTPS (PUBLIC_URL https://…)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://neetprep.example.org' } });
  });
  afterAll(async () => t.close());

  it('upgrades insecure requests and sends HSTS', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nope' });
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('PUBLIC_URL', () => {
  it('must be an http or https address', async () => {
    await expect(createTestApp({ env: { PUBLIC_URL: 'ftp://example.org' } })).rejects.toThrow(/PUBLIC_URL/);
  });
});
