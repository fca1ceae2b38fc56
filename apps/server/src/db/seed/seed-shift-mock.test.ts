import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { attemptQuestionVersions, examAttempts, institutes, itemCalibrations, tasks, testSchedules, users } from '../schema/index.js';
import { seedAcademy } from './seed-academy.js';
import { seedAccounts } from './seed-accounts.js';
import { seedClients } from './seed-clients.js';
import { seedDemoAttempts } from './seed-demo-attempts.js';
import { seedLookups } from './seed-lookups.js';
import { seedSchedules } from './seed-schedules.js';
import { SHIFT_MOCK_NAME, seedShiftMock } from './seed-shift-mock.js';
import { seedStudents } from './seed-students.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.deps);
  await seedAccounts(t.deps);
  await seedClients(t.deps);
  await seedAcademy(t.deps);
  await seedSchedules(t.deps);
  await seedStudents(t.deps);
  await seedDemoAttempts(t.deps);
  await seedShiftMock(t.deps);
}, 120_000);
afterAll(() => t.close());

const mockId = async () => (await t.deps.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.name, SHIFT_MOCK_NAME)))[0]!.id;
const headersOf = async (username: string) => {
  const [user] = await t.deps.db.select().from(users).where(eq(users.username, username));
  return (await t.signIn(user!.id)).headers;
};

it('seeds a mock sat in two shifts, each served its own draw once', async () => {
  const taskId = await mockId();
  const windows = await t.deps.db.select().from(testSchedules).where(eq(testSchedules.taskId, taskId));
  expect(windows).toHaveLength(2);
  const attempts = await t.deps.db.select({ id: examAttempts.id, shiftId: examAttempts.shiftId, status: examAttempts.status }).from(examAttempts).where(eq(examAttempts.taskId, taskId));
  expect(attempts.length).toBeGreaterThan(150);
  expect(attempts.every((a) => a.status === 'submitted')).toBe(true);
  expect(new Set(attempts.map((a) => a.shiftId))).toEqual(new Set(windows.map((w) => w.id)));
  // Each shift one form (40 questions), the two forms different.
  const served = await t.deps.db.select({ attemptId: attemptQuestionVersions.attemptId, questionId: attemptQuestionVersions.questionId }).from(attemptQuestionVersions);
  const shiftOf = new Map(attempts.map((a) => [a.id, a.shiftId]));
  const forms = new Map<number, Set<string>>();
  const byAttempt = new Map<string, number[]>();
  for (const row of served) if (shiftOf.has(row.attemptId)) byAttempt.set(row.attemptId, [...(byAttempt.get(row.attemptId) ?? []), row.questionId]);
  for (const [attemptId, ids] of byAttempt) {
    expect(ids).toHaveLength(40);
    const shift = shiftOf.get(attemptId)!;
    forms.set(shift, (forms.get(shift) ?? new Set()).add(JSON.stringify(ids.sort((a, b) => a - b))));
  }
  expect([...forms.values()].map((f) => f.size)).toEqual([1, 1]);
  const [formA, formB] = [...forms.values()].map((f) => JSON.parse([...f][0]!) as number[]);
  expect(formA).not.toEqual(formB);

  // A second run adds nothing and calibrates nothing again.
  const calibrated = await t.deps.db.select({ id: itemCalibrations.id }).from(itemCalibrations);
  await seedShiftMock(t.deps);
  expect(await t.deps.db.select({ id: examAttempts.id }).from(examAttempts).where(eq(examAttempts.taskId, taskId))).toHaveLength(attempts.length);
  expect(await t.deps.db.select({ id: itemCalibrations.id }).from(itemCalibrations)).toEqual(calibrated);
});

it('shows equated scores across the two shifts on the Exam Report without anyone calibrating', async () => {
  const [sunrise] = await t.deps.db.select({ id: institutes.id }).from(institutes).where(eq(institutes.name, 'Sunrise Academy'));
  const ok = await t.deps.db.select({ id: itemCalibrations.id }).from(itemCalibrations).where(and(eq(itemCalibrations.instituteId, sunrise!.id), eq(itemCalibrations.state, 'ok')));
  expect(ok.length).toBeGreaterThan(80);
  const res = await t.call({ method: 'GET', url: `/api/reports/v1/examEquating?taskId=${await mockId()}`, headers: await headersOf('teacher') });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json().body;
  expect(body.calibration).toMatchObject({ model: '2pl', instituteName: 'Sunrise Academy' });
  expect(body.shifts).toHaveLength(2);
  for (const shift of body.shifts) expect(shift).toMatchObject({ calibratedItems: 40, excludedItems: 0 });
  expect(body.rows.length).toBeGreaterThan(150);
  const equated = body.rows.filter((r: { equatedScore: number | null }) => r.equatedScore !== null);
  expect(equated).toHaveLength(body.rows.length);
  expect(new Set(equated.map((r: { equatedRank: number }) => r.equatedRank)).size).toBeGreaterThan(50);
  // Every ability is a number with its uncertainty: no NaN reaches the screen.
  expect(body.rows.every((r: { ability: number; abilitySe: number }) => Number.isFinite(r.ability) && r.abilitySe > 0 && r.abilitySe < 1)).toBe(true);
});
