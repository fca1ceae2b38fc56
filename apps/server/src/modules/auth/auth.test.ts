import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { verifyPassword } from '../../lib/passwords.js';
import { createAuthRepository } from './auth.repository.js';
import { createTestApp, TEST_PASSWORD_HASH_MEMORY_KIB, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A password hash as the server wrote them before argon2id: scrypt$N$salt$hash with N = 2^14 (node's default, r = 8, p = 1), a 64-byte key. */
async function scryptHashAsWritten(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = (await promisify(scrypt)(password, salt, 64)) as Buffer;
  return `scrypt$16384$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('POST /api/user/v1/login', () => {
  it('signs in with username, e-mail or phone and returns a token with exp', async () => {
    const user = await t.createUser({ username: 'asha', email: 'asha@example.com', phone: '9876543210', password: 'pass1234' });
    for (const username of ['asha', 'ASHA@example.com', '9876543210']) {
      const res = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username, password: 'pass1234' } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe(true);
      expect(body.body.userTypeName).toBe('Student');
      expect(body.body.email).toBe(user.email);
      const payload = JSON.parse(Buffer.from(body.body.token.split('.')[1], 'base64url').toString());
      expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    }
  });

  it('refuses a wrong password with the catalogue message and 401', async () => {
    await t.createUser({ username: 'bala', password: 'right-one' });
    const res = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: 'bala', password: 'wrong-one' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, message: 'Invalid user or ppassword', body: { code: 'AUTH_INVALID_CREDENTIALS' } });
  });

  it('replaces a scrypt hash from before argon2id at sign-in with argon2id, and keeps the password working', async () => {
    const user = await t.createUser({ username: 'oldhash', password: 'old-pass-1' });
    const oldHash = await scryptHashAsWritten('old-pass-1');
    expect(await verifyPassword('old-pass-1', oldHash)).toBe(true);
    await t.deps.db.update(users).set({ passwordHash: oldHash }).where(eq(users.id, user.id));
    const wrong = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: 'oldhash', password: 'not-it' } });
    expect(wrong.statusCode).toBe(401);
    const storedAfterWrong = await t.deps.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, user.id) });
    expect(storedAfterWrong!.passwordHash).toBe(oldHash);

    const res = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: 'oldhash', password: 'old-pass-1' } });
    expect(res.statusCode).toBe(200);
    const stored = (await t.deps.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, user.id) }))!.passwordHash;
    expect(stored).not.toBe(oldHash);
    expect(stored).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${TEST_PASSWORD_HASH_MEMORY_KIB},t=2,p=1\\$`));
    expect(await verifyPassword('old-pass-1', stored)).toBe(true);
    const again = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: 'oldhash', password: 'old-pass-1' } });
    expect(again.statusCode).toBe(200);
    // Replaced once: the argon2id hash stays.
    expect((await t.deps.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, user.id) }))!.passwordHash).toBe(stored);
  });

  it('replaces an argon2id hash of fewer passes than configured at sign-in', async () => {
    const user = await t.createUser({ username: 'lighthash', password: 'light-pass-1' });
    const light = await argon2Hash('light-pass-1', { memoryCost: TEST_PASSWORD_HASH_MEMORY_KIB, timeCost: 1, parallelism: 1 });
    expect(light).toContain(',t=1,');
    await t.deps.db.update(users).set({ passwordHash: light }).where(eq(users.id, user.id));
    const res = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: 'lighthash', password: 'light-pass-1' } });
    expect(res.statusCode).toBe(200);
    const stored = (await t.deps.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, user.id) }))!.passwordHash;
    expect(stored).toContain(`$m=${TEST_PASSWORD_HASH_MEMORY_KIB},t=2,p=1$`);
  });

  it('rejects bad input with the spec message, in the requested language', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: 'ab', password: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(body.body.fields.username).toBe('You must enter email/username/phone');
    expect(body.body.fields.password).toBe('Password is too short - should be 4 chars minimum.');
    const tamil = await t.call({
      method: 'POST',
      url: '/api/user/v1/login',
      headers: { language: 'tn' },
      payload: { username: 'ab', password: 'abcd' },
    });
    expect(tamil.json().message).toBe('மின்னஞ்சல்/பயனர்பெயர்/தொலைபேசியை உள்ளிட வேண்டும்');
  });
});

describe('POST /api/user/v1/logout', () => {
  it('revokes the session so that its token stops working', async () => {
    const user = await t.createUser();
    const res = await t.call({ method: 'POST', url: '/api/user/v1/logout', headers: user.headers, payload: { UserSessionID: user.sessionId } });
    expect(res.statusCode).toBe(200);
    const again = await t.call({ method: 'POST', url: '/api/user/v1/logout', headers: user.headers, payload: { UserSessionID: user.sessionId } });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Failed to login with token.');
  });

  it("cannot end another user's session, and checks its input", async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const bad = await t.call({ method: 'POST', url: '/api/user/v1/logout', headers: me.headers, payload: {} });
    expect(bad.statusCode).toBe(400);
    const stillIn = await t.call({ method: 'GET', url: '/api/user/v1/getUserInfo', headers: me.headers });
    expect(stillIn.statusCode).toBe(200);
    const res = await t.call({ method: 'POST', url: '/api/user/v1/logout', headers: me.headers, payload: { UserSessionID: other.sessionId } });
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user/v1/getUserInfo', headers: other.headers })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user/v1/getUserInfo', headers: me.headers })).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user/v1/logout', payload: { UserSessionID: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(false);
  });

  it('says access_token expired for an expired token and refuses a tampered one', async () => {
    const user = await t.createUser();
    const tampered = user.token.slice(0, -3) + (user.token.endsWith('AAA') ? 'BBB' : 'AAA');
    const bad = await t.call({ method: 'POST', url: '/api/user/v1/logout', headers: { authorization: `Bearer ${tampered}` }, payload: { UserSessionID: user.sessionId } });
    expect(bad.statusCode).toBe(401);
    t.clock.advance((t.deps.config.TOKEN_TTL_SECONDS + 1) * 1000);
    const expired = await t.call({ method: 'POST', url: '/api/user/v1/logout', headers: user.headers, payload: { UserSessionID: user.sessionId } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: 'access_token expired', body: { code: 'AUTH_TOKEN_EXPIRED' } });
  });
});

describe('session lookups arriving together', () => {
  it('go as one batch and answer each caller by its own session and its own clock', async () => {
    const live = await t.createUser({ role: 'SchoolTeacher' });
    const other = await t.createUser();
    const revoked = await t.createUser();
    await t.call({ method: 'POST', url: '/api/user/v1/logout', headers: revoked.headers, payload: { UserSessionID: revoked.sessionId } });
    const repo = createAuthRepository(t.deps.db);
    const now = t.deps.clock.now();
    const afterExpiry = new Date(now.getTime() + (t.deps.config.TOKEN_TTL_SECONDS + 60) * 1000);
    const found = await Promise.all([
      repo.findLiveSession(live.sessionId, now),
      repo.findLiveSession(other.sessionId, afterExpiry),
      repo.findLiveSession(revoked.sessionId, now),
      repo.findLiveSession('not-a-session-id', now),
      repo.findLiveSession(other.sessionId, now),
    ]);
    expect(found.map((f) => f?.userId)).toEqual([live.id, undefined, undefined, undefined, other.id]);
    expect(found[0]).toMatchObject({ role: 'SchoolTeacher', sessionId: live.sessionId });
    expect(found[0]).not.toHaveProperty('expiresAt');
    expect(found[0]!.permissions.length).toBeGreaterThan(0);
  });
});

describe('the shell of the API', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nope/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, body: { code: 'ROUTE_NOT_FOUND' } });
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/user/v1/login'].post).toBeDefined();
  });
});

describe('the reload signal', () => {
  it('asks a page of another release to reload, and only that page', async () => {
    const old = await t.call({ method: 'GET', url: '/api/nope', headers: { version: '2.0.9' } });
    expect(old.headers['x-reload-required']).toBe('true');
    const current = await t.call({ method: 'GET', url: '/api/nope', headers: { version: '2.1.0' } });
    expect(current.headers['x-reload-required']).toBeUndefined();
  });
});

describe('security headers', () => {
  it('sends the content security policy and the other helmet headers on API responses and on errors', async () => {
    for (const url of ['/api/nope', '/api/runner/v1/health']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Over plain HTTP (no https PUBLIC_URL): see plugins/security-headers.test.ts.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
