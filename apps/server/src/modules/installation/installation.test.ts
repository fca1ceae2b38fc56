import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config/env.js';
import { clients, institutes, users } from '../../db/schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedAccounts } from '../../db/seed/seed-accounts.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/test-app.js';
import { seedClients } from '../../db/seed/seed-clients.js';
import { InstallationRefusal, type FirstAdminInput } from './installation.service.js';

let t: TestApp;
const PASSWORD = 'correct horse battery';
const FIRST: FirstAdminInput = { clientName: 'Sunrise Group', instituteName: 'Sunrise Academy', city: 'Coimbatore', username: 'owner', email: 'owner@sunrise.example', password: PASSWORD };

const counts = async () => {
  const count = async (table: typeof users | typeof institutes | typeof clients) => Number((await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n);
  return { users: await count(users), institutes: await count(institutes), clients: await count(clients) };
};
const login = (username: string, password: string) => t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username, password } });
const refusal = async (input: FirstAdminInput): Promise<InstallationRefusal> => {
  const error = await t.app.services.installation.createFirstAdmin(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InstallationRefusal);
  return error as InstallationRefusal;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo data is off by default in production', () => {
  it('seeds demo data when asked for, or outside production', () => {
    expect(readConfig({ NODE_ENV: 'production' }).SEED_DEMO_DATA).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true);
    expect(readConfig({}).SEED_DEMO_DATA).toBe(true);
    expect(readConfig({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
  });
});

describe('the first administrator (npm run bootstrap)', () => {
  it('refuses bad input and writes nothing', async () => {
    const before = await counts();
    const cases: Array<[Partial<FirstAdminInput>, string]> = [
      [{ clientName: '  ' }, 'clientName'],
      [{ instituteName: '' }, 'instituteName'],
      [{ username: 'ab' }, 'username'],
      [{ email: 'not-an-email' }, 'email'],
      [{ password: '' }, 'password'],
      [{ password: 'short-pw' }, 'password'],
      [{ password: DEMO_PASSWORD }, 'password'],
      [{ password: 'owner-owner-owner' }, 'password'],
      [{ role: 'Teacher' as 'ClientAdmin' }, 'role'],
      [{ clientId: 'Not An Id' }, 'clientId'],
      [{ clientName: 'தமிழ் பள்ளி' }, 'clientId'],
    ];
    for (const [change, field] of cases) {
      const error = await refusal({ ...FIRST, ...change });
      expect(error.reason, field).toBe('invalid');
      expect(Object.keys(error.fields), field).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  it('creates the client, its institute and a ClientAdmin who signs in and reaches the admin screens', async () => {
    expect(await t.app.services.installation.hasAdministrator()).toBe(false);
    const result = await t.app.services.installation.createFirstAdmin(FIRST);
    expect(result).toMatchObject({ clientId: 'sunrise-group', clientCreated: true, instituteCreated: true, username: 'owner', role: 'ClientAdmin' });
    const [institute] = await t.deps.db.select().from(institutes).where(eq(institutes.id, result.instituteId));
    expect(institute).toMatchObject({ name: 'Sunrise Academy', clientId: 'sunrise-group', city: 'Coimbatore' });

    const signedIn = await login('owner', PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json().body;
    expect(body).toMatchObject({ userTypeName: 'ClientAdmin', ClientID: 'sunrise-group' });
    const headers = { authorization: `Bearer ${body.token}` };
    const tabs = await t.call({ method: 'GET', url: '/api/teacher/v1/getUserInfo', headers });
    expect(tabs.statusCode).toBe(200);
    expect(tabs.json().body.Details.Permissions.map((tab: { TabName: string }) => tab.TabName)).toContain('Role Configuration');
    const config = await t.call({ method: 'GET', url: '/api/roles/v1/config', headers });
    expect(config.statusCode).toBe(200);
    expect(config.json().body).toMatchObject({ clientId: 'sunrise-group', canEdit: true });
    expect(await t.app.services.installation.hasAdministrator()).toBe(true);
  });

  it('refuses a second run while an administrator exists, and writes nothing', async () => {
    const before = await counts();
    const error = await refusal({ ...FIRST, username: 'owner2', email: undefined });
    expect(error.reason).toBe('admin-exists');
    expect(await counts()).toEqual(before);
  });

  it('with force adds an InstituteAdmin, but never over a taken username or another client’s institute', async () => {
    const before = await counts();
    expect((await refusal({ ...FIRST, clientName: 'Other Group', force: true })).reason).toBe('login-taken');
    expect((await refusal({ ...FIRST, clientName: 'Other Group', username: 'other', email: undefined, force: true })).reason).toBe('institute-of-another-client');
    expect(await counts()).toEqual(before);

    const second = await t.app.services.installation.createFirstAdmin({ ...FIRST, username: 'head', email: undefined, role: 'InstituteAdmin', force: true });
    expect(second).toMatchObject({ clientId: 'sunrise-group', clientCreated: false, instituteCreated: false, role: 'InstituteAdmin' });
    expect((await login('head', PASSWORD)).json().body).toMatchObject({ userTypeName: 'InstituteAdmin' });
  });
});

describe('GET /api/common/v1/signInNotice', () => {
  it('says no demo accounts without them, and yes once demo accounts with the published password can sign in', async () => {
    await resetDatabase(t.deps.database);
    await seedClients(t.deps);
    const notice = () => t.call({ method: 'GET', url: '/api/common/v1/signInNotice' });
    const none = await notice();
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ status: true, body: { demoAccounts: false } });

    await seedAccounts(t.deps);
    // Ten minutes on, the accounts are looked at again.
    t.clock.advance(10 * 60_000);
    expect((await notice()).json().body).toEqual({ demoAccounts: true });

    // Deactivated, they no longer sign in: the notice goes.
    await t.deps.db.update(users).set({ isActive: false }).where(sql`${users.username} in ${DEMO_ACCOUNTS.map((a) => a.username)}`);
    t.clock.advance(10 * 60_000);
    expect((await notice()).json().body).toEqual({ demoAccounts: false });
  });
});
