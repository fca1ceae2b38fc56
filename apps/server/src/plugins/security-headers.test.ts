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

describe('security headers with an ONLYOFFICE Document Server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ONLYOFFICE_URL: 'https://docs.school.example/office', ONLYOFFICE_JWT_SECRET: 'a-document-server-secret-of-32-chars' } });
  });
  afterAll(async () => t.close());

  it('lets the page load its api.js and frame from that origin only', async () => {
    const csp = (await t.call({ method: 'GET', url: '/api/nope' })).headers['content-security-policy'] as string;
    for (const directive of ['script-src', 'frame-src', 'connect-src']) expect(csp).toMatch(new RegExp(`(^|;)${directive} 'self' https://docs\\.school\\.example(;|$)`));
    expect(csp).toContain("default-src 'self';");
  });
});

describe('PUBLIC_URL', () => {
  it('must be an http or https address', async () => {
    await expect(createTestApp({ env: { PUBLIC_URL: 'ftp://example.org' } })).rejects.toThrow(/PUBLIC_URL/);
  });
});
