import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/passwords.js';
import { createTestApp, TEST_PASSWORD_HASH_MEMORY_KIB, type TestApp } from '../../../test/test-app.js';
import { users } from '../schema/index.js';
import { seedDemoData } from './index.js';
import { DEMO_PASSWORD } from './seed-accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('gives every demo account a password hash of its own (its own salt), each an argon2id hash of the demo password', { timeout: 120_000 }, async () => {
  await seedDemoData(t.deps);
  const rows = await t.deps.db.select({ username: users.username, passwordHash: users.passwordHash }).from(users);
  expect(rows.length).toBeGreaterThan(200);
  const byHash = new Map<string, string[]>();
  for (const row of rows) byHash.set(row.passwordHash, [...(byHash.get(row.passwordHash) ?? []), row.username]);
  const shared = [...byHash.values()].filter((usernames) => usernames.length > 1);
  expect(shared).toEqual([]);
  const salts = new Set(rows.map((row) => row.passwordHash.split('$')[4]));
  expect(salts.size).toBe(rows.length);
  for (const row of rows) expect(row.passwordHash, row.username).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${TEST_PASSWORD_HASH_MEMORY_KIB},t=2,p=1\\$`));
  for (const row of rows.filter((_, i) => i % 25 === 0)) expect(await verifyPassword(DEMO_PASSWORD, row.passwordHash), row.username).toBe(true);
});
