import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { classes, institutes, users } from '../schema/index.js';
import { DEMO_PASSWORD, seedAccounts } from './seed-accounts.js';
import { seedLookups } from './seed-lookups.js';
import { DEMO_ROSTER_SIZE, seedStudents } from './seed-students.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('seeds the demo roster and one class teacher per class once; a second run changes nothing', async () => {
  await seedLookups(t.deps);
  await seedAccounts(t.deps);
  await seedStudents(t.deps);
  await seedStudents(t.deps);
  expect(await t.deps.db.select({ id: users.id }).from(users).where(like(users.username, 'sunrise.%'))).toHaveLength(DEMO_ROSTER_SIZE);
  const signIn = async (username: string) => {
    const res = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username, password: DEMO_PASSWORD } });
    expect(res.statusCode, username).toBe(200);
    return { authorization: `Bearer ${res.json().body.token}` };
  };
  const count = async (headers: Record<string, string>, query = '') =>
    (await t.call({ method: 'GET', url: `/api/students/v1/list?pageSize=1${query}`, headers })).json().body.total as number;
  // The institute's teacher reaches the whole roster (and the demo student); a class teacher only their class.
  expect(await count(await signIn('teacher'))).toBe(DEMO_ROSTER_SIZE + 1);
  const classTeacher = await signIn('classteacher.sunrise11');
  const [class11] = await t.deps.db.select().from(classes).where(and(eq(classes.name, '11'), eq(classes.instituteId, (await t.deps.db.select().from(institutes).where(eq(institutes.name, 'Sunrise Academy')))[0]!.id)));
  const inClass11 = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.classId, class11!.id));
  expect(await count(classTeacher)).toBe(inClass11.length);
  expect(inClass11.length).toBeLessThan(DEMO_ROSTER_SIZE);
  // Every demo account still signs in.
  await signIn('student');
  await signIn('sunrise.s200');
  const [kaveriTeacher] = await t.deps.db.select().from(users).where(eq(users.username, 'classteacher.kaveri12'));
  expect(kaveriTeacher).toMatchObject({ role: 'SchoolTeacher' });
});
