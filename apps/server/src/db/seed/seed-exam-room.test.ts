import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { examAttempts, tasks, users } from '../schema/index.js';
import { seedAcademy } from './seed-academy.js';
import { seedAccounts } from './seed-accounts.js';
import { seedClients } from './seed-clients.js';
import { LIVE_TEST, SHORT_TEST, WRITTEN_TEST, seedExamRoom } from './seed-exam-room.js';
import { seedLookups } from './seed-lookups.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.deps);
  await seedAccounts(t.deps);
  await seedClients(t.deps);
  await seedAcademy(t.deps);
});
afterAll(() => t.close());

const teacherHeaders = async () => {
  const [teacher] = await t.deps.db.select().from(users).where(eq(users.username, 'teacher'));
  return (await t.signIn(teacher!.id)).headers;
};
const taskIdOf = async (name: string) => (await t.deps.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.name, name)))[0]!.id;

it('gives the demo teacher essays to mark and a test running now; a second run changes nothing', async () => {
  await seedExamRoom(t.deps);
  await seedExamRoom(t.deps);
  const headers = await teacherHeaders();
  const written = await taskIdOf(WRITTEN_TEST);
  const queue = (await t.call({ method: 'GET', url: `/api/task/v1/pendingEvaluations?taskId=${written}`, headers })).json().body;
  expect(queue).toHaveLength(6);
  expect(queue[0].modelAnswer).toContain('cristae');
  const live = await taskIdOf(LIVE_TEST);
  const tests = (await t.call({ method: 'GET', url: '/api/exam/v1/supervisedTests', headers })).json().body;
  expect(tests[0]).toMatchObject({ taskId: live, runningAttempts: 3 });
  const room = (await t.call({ method: 'GET', url: `/api/exam/v1/liveRoom?taskId=${live}`, headers })).json().body;
  const running = room.students.filter((s: { state: string }) => s.state === 'running');
  expect(running.map((s: { studentName: string; answeredCount: number }) => [s.studentName, s.answeredCount]).sort()).toEqual([
    ['Anita Selvam', 5],
    ['Bharath Krishnan', 3],
    ['Deepa Murugan', 1],
  ]);
  expect(room.students.some((s: { studentName: string; state: string }) => s.studentName === 'Farhan Ali' && s.state === 'notStarted')).toBe(true);
  expect(await taskIdOf(SHORT_TEST)).toBeGreaterThan(0);
});

it('starts the running attempts again, relative to now, once they have ended', async () => {
  const live = await taskIdOf(LIVE_TEST);
  t.clock.advance(3 * 3600_000);
  await t.app.services.exam.sweepExpired();
  await seedExamRoom(t.deps);
  const rows = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.taskId, live));
  const open = rows.filter((r) => r.status === 'open');
  expect(open).toHaveLength(3);
  for (const attempt of open) expect(attempt.deadlineAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + 80 * 60_000);
  expect(rows.filter((r) => r.status === 'submitted')).toHaveLength(3);
});
