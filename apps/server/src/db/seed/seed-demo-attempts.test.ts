import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { attemptSummaries, examAttempts, tasks, testSchedules, users } from '../schema/index.js';
import { seedAcademy } from './seed-academy.js';
import { seedAccounts } from './seed-accounts.js';
import { seedClients } from './seed-clients.js';
import { UNIT_TESTS, seedDemoAttempts } from './seed-demo-attempts.js';
import { seedLookups } from './seed-lookups.js';
import { seedSchedules } from './seed-schedules.js';
import { DEMO_ROSTER_SIZE, seedStudents } from './seed-students.js';
import { marksOf } from '../../../test/attempt-marks.js';
import { createSummariesRepository } from '../../modules/reports/shared/reports.repository.js';

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
});
afterAll(() => t.close());

const unitTestIds = async () => (await t.deps.db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.name, [...UNIT_TESTS]))).map((r) => r.id);
const headersOf = async (username: string) => {
  const [user] = await t.deps.db.select().from(users).where(eq(users.username, username));
  return (await t.signIn(user!.id)).headers;
};

it('gives the roster a term of unit tests, with retakes and missed tests once', async () => {
  const ids = await unitTestIds();
  expect(ids).toHaveLength(UNIT_TESTS.length);
  const attempts = await t.deps.db.select().from(examAttempts).where(inArray(examAttempts.taskId, ids));
  const stored = await t.deps.db.select({ id: attemptSummaries.attemptId }).from(attemptSummaries).where(inArray(attemptSummaries.taskId, ids));
  const summaries = await createSummariesRepository(t.deps.db).summariesOf(stored.map((s) => s.id));
  expect(summaries).toHaveLength(attempts.length);
  const firsts = summaries.filter((s) => s.isFirstAttempt);
  // Every student at most once first per test; some missed a test, some retook one.
  expect(new Set(firsts.map((s) => `${s.userId}:${s.taskId}`)).size).toBe(firsts.length);
  expect(firsts.length).toBeLessThan(DEMO_ROSTER_SIZE * UNIT_TESTS.length);
  expect(firsts.length).toBeGreaterThan(DEMO_ROSTER_SIZE * UNIT_TESTS.length * 0.9);
  expect(summaries.length).toBeGreaterThan(firsts.length);
  // Varied scores, every attempt submitted and scored.
  expect(attempts.every((a) => a.status === 'submitted' && a.scored !== null && a.submittedAt! > a.startedAt && a.submittedAt! <= a.deadlineAt)).toBe(true);
  expect(new Set(firsts.map((s) => s.scored)).size).toBeGreaterThan(15);
  // Some answers were changed after first being given.
  expect(summaries.some((s) => s.questions.some((q) => (q.changes ?? 0) > 0))).toBe(true);

  // A second run adds nothing.
  await seedDemoAttempts(t.deps);
  expect(await t.deps.db.select({ id: examAttempts.id }).from(examAttempts).where(inArray(examAttempts.taskId, ids))).toHaveLength(attempts.length);
  expect(await t.deps.db.select({ id: testSchedules.id }).from(testSchedules).where(inArray(testSchedules.taskId, ids))).toHaveLength(2);
});

it('writes the rows a submit writes: rescoring and resummarising them changes nothing', async () => {
  const ids = await unitTestIds();
  const before = await t.deps.db.select().from(attemptSummaries).where(inArray(attemptSummaries.taskId, ids));
  const sample = before.slice(0, 40);
  const marksBefore = await marksOf(t.deps.db, sample.map((s) => s.attemptId));
  // The reports' own backfill (summariseAttempt over the exam's rows) writes the same summaries.
  await t.deps.db.delete(attemptSummaries).where(inArray(attemptSummaries.attemptId, sample.map((s) => s.attemptId)));
  expect(await t.app.services.reports.backfillSummaries()).toBe(sample.length);
  const after = await t.deps.db.select().from(attemptSummaries).where(inArray(attemptSummaries.attemptId, sample.map((s) => s.attemptId)));
  const strip = (rows: typeof before) => rows.map(({ updatedAt: _u, ...rest }) => rest).sort((a, b) => a.attemptId.localeCompare(b.attemptId));
  expect(strip(after)).toEqual(strip(sample));
  // Every question of every attempt has its marks and status, on the attempt.
  const questions = sample.reduce((n, s) => n + s.itemMapIds.length, 0);
  expect(marksBefore).toHaveLength(questions);
  expect(marksBefore.every((a) => ['correct', 'partial', 'wrong', 'unanswered', 'pending'].includes(a.status) && typeof a.marksAwarded === 'number')).toBe(true);
});

it('fills the staff Dashboard, the Reports matrix and the exam statistics', async () => {
  const teacher = await headersOf('teacher');
  const dashboard = (await t.call({ method: 'GET', url: '/api/reports/v1/staffDashboard', headers: teacher })).json().body;
  const unitResults = (dashboard.recentResults as { taskName: string; attempts: number }[]).filter((r) => r.taskName.startsWith('Unit Test'));
  expect(unitResults.length).toBeGreaterThan(0);
  expect(unitResults.every((r) => r.attempts > 150)).toBe(true);
  const atRisk = dashboard.atRisk as { displayName: string; fallingScores: number[]; missedTests: unknown[] }[];
  expect(atRisk.some((r) => r.fallingScores.length > 0)).toBe(true);
  expect(atRisk.some((r) => r.missedTests.length > 0)).toBe(true);

  const [unit1] = await unitTestIds();
  const stats = await t.call({ method: 'GET', url: `/api/reports/v1/examStatistics?taskId=${unit1}`, headers: teacher });
  expect(stats.statusCode).toBe(200);
  expect(stats.json().body.attempts).toBeGreaterThan(150);
  expect(stats.json().body.items.every((i: { facility: number | null }) => i.facility !== null && i.facility > 0 && i.facility < 100)).toBe(true);

  const roster = await t.deps.db.select({ id: users.id, classId: users.classId, sectionId: users.sectionId }).from(users).where(and(like(users.username, 'sunrise.s%')));
  const place = roster[0]!;
  const matrix = await t.call({ method: 'GET', url: `/api/reports/v1/matrix?classId=${place.classId}&sectionId=${place.sectionId}`, headers: teacher });
  expect(matrix.statusCode, matrix.body).toBe(200);
  const body = matrix.json().body as { tests: { taskName: string }[]; students: { scores: (number | null)[] }[] };
  expect(body.tests.filter((x) => x.taskName.startsWith('Unit Test'))).toHaveLength(UNIT_TESTS.length);
  expect(body.students.length).toBeGreaterThan(20);
});
