import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const LOGIN = '/api/user/v1/login';
const CHECK_CODE = '/api/user/v1/validateEmailOtp';

type Variation = (i: number) => Record<string, string>;

const BATCH = 10;

/**
 * How many of `count` calls from one peer are refused with 429. Sent in concurrent batches, so
 * that all of them fall within the limit's one-minute window even on a slow machine.
 */
async function refusedCount(t: TestApp, url: string, payload: (i: number) => object, count: number, remoteAddress: string, headers: Variation) {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => start + k);
    const responses = await Promise.all(batch.map((i) => t.call({ method: 'POST', url, remoteAddress, headers: headers(i), payload: payload(i) })));
    statuses.push(...responses.map((res) => res.statusCode));
  }
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  return statuses.filter((status) => status === 429).length;
}

const failedLogin = (i: number) => ({ username: `nobody-${i}`, password: 'wrong-pass' });
const wrongCode = () => ({ passcode: '123456', secret: 'not-a-secret' });

describe('per-address limits on anonymous and credential-checking routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('refuses plain failed logins from one address beyond its limit', async () => {
    expect(await refusedCount(t, LOGIN, failedLogin, 200, '10.1.0.1', () => ({}))).toBe(20);
  }, 120_000);

  it('refuses failed logins with a different Authorization each like plain ones', async () => {
    expect(await refusedCount(t, LOGIN, failedLogin, 200, '10.1.0.2', (i) => ({ authorization: `Bearer x${i}` }))).toBe(20);
  }, 120_000);

  it('refuses failed logins with a different X-Forwarded-For each like plain ones', async () => {
    expect(await refusedCount(t, LOGIN, failedLogin, 200, '10.1.0.3', (i) => ({ 'x-forwarded-for': `203.0.113.${i % 250}` }))).toBe(20);
  }, 120_000);

  it('refuses code checks with a varying X-Forwarded-For', async () => {
    const refused = await refusedCount(t, CHECK_CODE, wrongCode, 130, '10.1.0.4', (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }));
    expect(refused).toBe(10);
  });

  it('lets a class of 60 different accounts sign in from one school address', async () => {
    const students = [];
    for (let i = 0; i < 60; i++) students.push(await t.createUser({ password: 'class-pass' }));
    const statuses: number[] = [];
    for (const student of students) {
      const res = await t.call({ method: 'POST', url: LOGIN, remoteAddress: '10.1.0.5', payload: { username: student.username, password: 'class-pass' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(students.map(() => 200));
  }, 120_000);
});

describe('sign-ins from a school network (SCHOOL_NETWORKS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SCHOOL_NETWORKS: '203.0.113.0/24', SIGN_IN_PER_ADDRESS: '5', SIGN_IN_PER_SCHOOL_ADDRESS: '30' } });
  });
  afterAll(async () => t.close());

  it('gives an address of a school network the school allowance, and every other address the plain one', async () => {
    // Different accounts each time: an account's own limit is not what is measured here.
    expect(await refusedCount(t, LOGIN, failedLogin, 40, '203.0.113.9', () => ({}))).toBe(10);
    expect(await refusedCount(t, LOGIN, (i) => failedLogin(100 + i), 20, '::ffff:203.0.113.10', () => ({}))).toBe(0);
    // Sent ten at a time: a burst over the limit is refused only beyond it, not whole.
    expect(await refusedCount(t, LOGIN, (i) => failedLogin(200 + i), 20, '198.51.100.1', () => ({}))).toBe(15);
  }, 120_000);
});

describe('the client address behind a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.2.0.1, 10.3.0.0/16' } });
  });
  afterAll(async () => t.close());

  it('honours X-Forwarded-For from a configured proxy: each forwarded client has its own allowance', async () => {
    const refused = await refusedCount(t, CHECK_CODE, wrongCode, 130, '10.2.0.1', (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }));
    expect(refused).toBe(0);
    const fromRange = await refusedCount(t, CHECK_CODE, wrongCode, 130, '10.3.4.5', (i) => ({ 'x-forwarded-for': `192.0.2.${i}` }));
    expect(fromRange).toBe(0);
  });

  it('ignores X-Forwarded-For from any other peer', async () => {
    const refused = await refusedCount(t, CHECK_CODE, wrongCode, 130, '10.2.0.2', (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }));
    expect(refused).toBe(10);
  });

  it('limits one forwarded client behind the proxy like a direct one', async () => {
    const refused = await refusedCount(t, CHECK_CODE, wrongCode, 130, '10.2.0.1', () => ({ 'x-forwarded-for': '203.0.113.77' }));
    expect(refused).toBe(10);
  });
});

describe('the general limit on signed-in routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '5' } });
  });
  afterAll(async () => t.close());

  const info = (headers: Record<string, string>) =>
    t.call({ method: 'GET', url: '/api/user/v1/getUserInfo', remoteAddress: '10.4.0.1', headers });

  it('counts each verified user separately, so students behind one address do not share an allowance', async () => {
    const first = await t.createUser();
    const second = await t.createUser();
    for (let i = 0; i < 5; i++) expect((await info(first.headers)).statusCode).toBe(200);
    expect((await info(first.headers)).statusCode).toBe(429);
    expect((await info(second.headers)).statusCode).toBe(200);
  });

  it('counts made-up tokens by the address they come from, not by the header', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await t.call({ method: 'GET', url: '/api/user/v1/getUserInfo', remoteAddress: '10.4.0.2', headers: { authorization: `Bearer x${i}` } })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('keys a user by the verified token, whatever else the header carries: a second session of the same user shares the allowance', async () => {
    const user = await t.createUser();
    const other = await t.signIn(user.id);
    for (let i = 0; i < 5; i++) expect((await info(user.headers)).statusCode).toBe(200);
    expect((await info(other.headers)).statusCode).toBe(429);
  });
});
