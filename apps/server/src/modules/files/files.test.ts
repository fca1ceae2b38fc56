import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { tinyPng } from '../../../test/fixtures/files.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedLink(key: string, expiresIn = 60): Promise<URL> {
  return new URL(await t.deps.fileStore.signedUrl(key, { expiresIn }), 'http://localhost');
}
const get = (url: URL) => t.call({ method: 'GET', url: `${url.pathname}${url.search}` });

describe('GET /api/files/v1/get (signed links of the local store)', () => {
  it('serves the file with its type, no token needed, cached privately only while the link lives', async () => {
    const png = tinyPng();
    t.clock.set(new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000));
    await t.deps.fileStore.put('editor/images/logo.png', png, { contentType: 'image/png' });
    const res = await get(await signedLink('editor/images/logo.png', 90));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload).toEqual(png);
    expect(res.headers['cache-control']).toBe('private, max-age=90');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses an expired link with 403 and says so', async () => {
    await t.deps.fileStore.put('exports/old.csv', Buffer.from('a,b\n'), { contentType: 'text/csv' });
    const url = await signedLink('exports/old.csv', 30);
    expect((await get(url)).statusCode).toBe(200);
    t.clock.advance(30_000);
    const res = await get(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: false, body: { code: 'FILES_LINK_EXPIRED' } });
    const tn = await t.call({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { language: 'tn' } });
    expect(tn.json().message).toContain('காலாவதியானது');
  });

  it('refuses a tampered link with 403: another key, a later expiry, a changed signature', async () => {
    await t.deps.fileStore.put('private/a.txt', Buffer.from('a'), { contentType: 'text/plain' });
    await t.deps.fileStore.put('private/b.txt', Buffer.from('b'), { contentType: 'text/plain' });
    const url = await signedLink('private/a.txt');
    const tampered = [
      (u: URL) => u.searchParams.set('key', 'private/b.txt'),
      (u: URL) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 86_400)),
      (u: URL) => u.searchParams.set('sig', `${u.searchParams.get('sig')!.slice(0, -2)}${u.searchParams.get('sig')!.endsWith('AA') ? 'BB' : 'AA'}`),
    ];
    for (const change of tampered) {
      const copy = new URL(url);
      change(copy);
      const res = await get(copy);
      expect(res.statusCode).toBe(403);
      expect(res.json().body.code).toBe('FILES_LINK_INVALID');
    }
  });

  it('answers 404 for a signed link to a file deleted since, and 400 for a malformed link', async () => {
    await t.deps.fileStore.put('tmp/gone.txt', Buffer.from('x'), { contentType: 'text/plain' });
    const url = await signedLink('tmp/gone.txt');
    await t.deps.fileStore.delete('tmp/gone.txt');
    const gone = await get(url);
    expect([gone.statusCode, gone.json().body.code]).toEqual([404, 'FILES_NOT_FOUND']);
    for (const query of ['', '?key=tmp/gone.txt', '?key=a&exp=soon&sig=x', `?key=a&exp=1&sig=${'A'.repeat(10)}`]) {
      const res = await t.call({ method: 'GET', url: `/api/files/v1/get${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status).toBe(false);
    }
  });
});
