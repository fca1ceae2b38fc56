import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptQuestionVersions, examAttempts, taskSections, tasks, testSchedules, users } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { actorOf } from '../../../test/exam-fixtures.js';
import { createQuestion, createTestTask, createTopic, startAttempt, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { PREPARE_AHEAD_MS } from './exam.prepare.js';

/**
 * Attempts made ahead of a test window (decision 078): the preparation makes one for exactly the
 * students the window admits, the start turns it open with one UPDATE and answers as an
 * unprepared start does, and until then no reader of attempts sees it.
 */
const T0 = Date.UTC(2026, 10, 30, 8, 0, 0);
const clock = new ManualClock(T0);
let t: TestApp;
let home: TestInstitute;
let elsewhere: TestInstitute;
let asha: TestUser;
let bala: TestUser;
let chitra: TestUser;
let outsider: TestUser;
let teacher: TestUser;

const MINUTE = 60_000;

async function scheduledTest(classIndex: number, opensInMs: number, task: Partial<typeof tasks.$inferInsert> = {}): Promise<{ test: BuiltTest; scheduleId: number; opensAt: Date }> {
  const test = await createTestTask(t.deps.db, { task: { shuffle: false, ...task } });
  const opensAt = new Date(clock.now().getTime() + opensInMs);
  const [row] = await t.deps.db
    .insert(testSchedules)
    .values({ taskId: test.task.id, instituteId: home.id, classId: home.classes[classIndex]!.id, opensAt, closesAt: new Date(opensAt.getTime() + 3 * 60 * MINUTE) })
    .returning();
  return { test, scheduleId: row!.id, opensAt };
}

async function attemptsOf(taskId: number) {
  return t.deps.db.select().from(examAttempts).where(eq(examAttempts.taskId, taskId));
}

async function rowCount(): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(examAttempts);
  return Number(row!.n);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  home = await createInstitute(t);
  elsewhere = await createInstitute(t);
  asha = await t.createUser({ role: 'Student', ...placeIn(home, 0, 0) });
  bala = await t.createUser({ role: 'Student', ...placeIn(home, 0, 1) });
  chitra = await t.createUser({ role: 'Student', ...placeIn(home, 1, 0) });
  outsider = await t.createUser({ role: 'Student', ...placeIn(elsewhere, 0, 0) });
  teacher = await t.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
});

afterAll(async () => {
  await t.close();
});

describe('attempts prepared ahead of a test window', () => {
  it('prepares one attempt for each student the window admits, none for another class or institute, and nothing twice', async () => {
    clock.set(new Date(T0));
    const { test, scheduleId, opensAt } = await scheduledTest(0, 20 * MINUTE);
    // A window further ahead than PREPARE_AHEAD_MS is not prepared yet.
    const later = await scheduledTest(0, PREPARE_AHEAD_MS + 10 * MINUTE);

    const first = await t.app.services.exam.prepareDue();
    expect(first.prepared).toBeGreaterThanOrEqual(2);
    const rows = await attemptsOf(test.task.id);
    expect(rows.map((r) => r.userId).sort()).toEqual([asha.id, bala.id].sort());
    expect(rows.every((r) => r.status === 'prepared' && r.shiftId === scheduleId && r.startedAt.getTime() === opensAt.getTime())).toBe(true);
    expect(rows.every((r) => r.preparedKey !== null && r.servedSetId !== null && r.questionOrder.flat().length === 3)).toBe(true);
    expect(await attemptsOf(later.test.task.id)).toEqual([]);
    expect(rows.some((r) => r.userId === chitra.id || r.userId === outsider.id)).toBe(false);

    const before = await rowCount();
    const again = await t.app.services.exam.prepareDue();
    expect(again).toEqual({ prepared: 0, dropped: 0 });
    expect(await rowCount()).toBe(before);
    expect((await attemptsOf(test.task.id)).map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('is seen by no reader of attempts until it is started', async () => {
    clock.set(new Date(T0));
    const { test } = await scheduledTest(0, 15 * MINUTE);
    await t.app.services.exam.prepareDue();
    const [prepared] = (await attemptsOf(test.task.id)).filter((r) => r.userId === asha.id);
    expect(prepared?.status).toBe('prepared');
    const exam = t.app.services.exam;

    // The student's own lists: the academy's latest attempts, the running test, the session by id.
    expect(await exam.latestAttempts(asha.id, [test.task.id])).toEqual(new Map());
    expect(await exam.activeTestFor(asha.id)).toBeNull();
    const details = await t.call({ method: 'POST', url: '/api/task/v1/getSessionDetails', headers: asha.headers, payload: { TestSessionID: prepared!.id, taskID: test.task.id } });
    expect(details.statusCode).toBe(404);
    // The test is not locked for editing: no attempt counts.
    expect(await exam.countAttemptsByTask([test.task.id])).toEqual(new Map());
    // The live room (the student is one who has not started) and the list of supervised tests.
    const supervisor = { ...actorOf(teacher), role: 'InstituteAdmin' as const, clientId: home.clientId, instituteId: home.id, permissions: new Set(['exam.supervise' as const]) };
    const room = await exam.liveRoom(supervisor, { taskId: test.task.id });
    const inRoom = room.students.find((s) => s.userId === asha.id);
    expect(inRoom).toEqual(expect.objectContaining({ state: 'notStarted', attemptId: null }));
    expect(room.students.every((s) => s.attemptId === null)).toBe(true);
    expect((await exam.listSupervisedTests(supervisor)).some((s) => s.taskId === test.task.id)).toBe(false);
    // Reports and statistics.
    const stats = await t.call({ method: 'GET', url: `/api/reports/v1/examStatistics?taskId=${test.task.id}`, headers: teacher.headers });
    // No attempt of the test has results: the report says so.
    expect(stats.statusCode, stats.body).toBe(404);
    expect(stats.json().body.code).toBe('REPORTS_TEST_NOT_FOUND');
  });

  it('starts a prepared attempt with one UPDATE and answers as an unprepared start does', async () => {
    clock.set(new Date(T0));
    const chitraTwin = await t.createUser({ role: 'Student', ...placeIn(home, 0, 1) });
    const { test, opensAt } = await scheduledTest(0, 10 * MINUTE);
    await t.app.services.exam.prepareDue();
    const prepared = new Map((await attemptsOf(test.task.id)).map((r) => [r.userId, r]));
    // Bala's prepared attempt goes: Bala starts the way every start went before.
    await t.deps.db.delete(examAttempts).where(and(eq(examAttempts.userId, bala.id), eq(examAttempts.taskId, test.task.id)));

    clock.set(new Date(opensAt.getTime() + 5000));
    const before = await rowCount();
    const session = await startAttempt(t, asha, test);
    expect(await rowCount()).toBe(before);
    expect(session.TestSessionID).toBe(prepared.get(asha.id)!.id);
    const [row] = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, session.TestSessionID));
    expect(row!.status).toBe('open');
    expect(row!.startedAt.getTime()).toBe(opensAt.getTime() + 5000);
    expect(row!.deadlineAt.getTime()).toBe(opensAt.getTime() + 5000 + 60 * MINUTE);
    expect(row!.languageId).toBe(1);

    const unprepared = await startAttempt(t, bala, test);
    expect(await rowCount()).toBe(before + 1);
    const shape = (s: typeof session) => ({ ...s, TestSessionID: 'x', contentKey: 'x' });
    expect(shape(session)).toEqual(shape(unprepared));

    // Two Start presses at once on a prepared attempt: one attempt, both answered with it.
    const [one, two] = await Promise.all([startAttempt(t, chitraTwin, test), startAttempt(t, chitraTwin, test)]);
    expect(one.TestSessionID).toBe(prepared.get(chitraTwin.id)!.id);
    expect(two.TestSessionID).toBe(one.TestSessionID);
    expect(await rowCount()).toBe(before + 1);

    // Started, it is an attempt like any other: the student's latest attempt, resumed by a second Start.
    expect((await t.app.services.exam.latestAttempts(asha.id, [test.task.id])).get(test.task.id)?.id).toBe(session.TestSessionID);
    expect((await startAttempt(t, asha, test)).TestSessionID).toBe(session.TestSessionID);
  });

  it('draws a random section when it prepares, and the start serves the prepared draw', async () => {
    clock.set(new Date(T0));
    const eve = await t.createUser({ role: 'Student', ...placeIn(home, 0, 0) });
    const { test, opensAt } = await scheduledTest(0, 10 * MINUTE);
    const drawnSection = test.sections[0]!;
    const topic = await createTopic(t.deps.db, test.course.id, { name: 'Optics' });
    for (let i = 0; i < 6; i++) await createQuestion(t.deps.db, { topicIds: [topic.id] });
    await t.deps.db
      .insert(taskSections)
      .values({ taskId: test.task.id, sectionIndex: 1, name: 'Drawn', durationMinutes: 0, questionSource: 'draw', drawRule: { count: 2, topicIds: [topic.id], difficulties: [], marks: 2, negativeMarks: 0.5 } });
    await t.app.services.exam.prepareDue();
    const prepared = (await attemptsOf(test.task.id)).find((r) => r.userId === eve.id)!;
    const recorded = await t.deps.db.select().from(attemptQuestionVersions).where(eq(attemptQuestionVersions.attemptId, prepared.id));
    expect(recorded).toHaveLength(2);

    clock.set(new Date(opensAt.getTime() + 1000));
    const before = await rowCount();
    const session = await startAttempt(t, eve, test);
    expect(session.TestSessionID).toBe(prepared.id);
    expect(await rowCount()).toBe(before);
    expect(session.section.map((s) => s.question.length)).toEqual([drawnSection.questions.length, 2]);
    expect(session.section[1]!.question.map((q) => q.questionTaskMapID).sort()).toEqual(recorded.map((r) => r.questionTaskMapId).sort());
  });

  it('drops the attempts of a window deleted or moved later, and remakes those of a changed test', async () => {
    clock.set(new Date(T0));
    const deleted = await scheduledTest(0, 10 * MINUTE);
    const moved = await scheduledTest(0, 10 * MINUTE);
    const changed = await scheduledTest(0, 10 * MINUTE);
    await t.app.services.exam.prepareDue();
    const changedBefore = await attemptsOf(changed.test.task.id);
    // Every student of class 11 (those made by the tests before too), and no one else.
    const classEleven = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.classId, home.classes[0]!.id));
    expect(changedBefore.map((r) => r.userId).sort()).toEqual(classEleven.map((u) => u.id).sort());

    await t.deps.db.delete(testSchedules).where(eq(testSchedules.id, deleted.scheduleId));
    await t.deps.db.update(testSchedules).set({ opensAt: new Date(T0 + PREPARE_AHEAD_MS + 60 * MINUTE), closesAt: new Date(T0 + PREPARE_AHEAD_MS + 4 * 60 * MINUTE) }).where(eq(testSchedules.id, moved.scheduleId));
    await t.deps.db.update(tasks).set({ shuffle: true }).where(eq(tasks.id, changed.test.task.id));
    await t.app.services.exam.prepareDue();

    expect(await attemptsOf(deleted.test.task.id)).toEqual([]);
    expect(await attemptsOf(moved.test.task.id)).toEqual([]);
    const changedAfter = await attemptsOf(changed.test.task.id);
    expect(changedAfter).toHaveLength(classEleven.length);
    expect(changedAfter.every((r) => r.status === 'prepared')).toBe(true);
    expect(changedAfter.some((r) => changedBefore.some((b) => b.id === r.id))).toBe(false);
    expect(changedAfter[0]!.preparedKey).not.toBe(changedBefore[0]!.preparedKey);
  });

  it('starts anew when the test changed after its attempts were prepared, and for a student added later', async () => {
    clock.set(new Date(T0));
    // Students with no test running (the earlier ones are still in theirs).
    const devi = await t.createUser({ role: 'Student', ...placeIn(home, 0, 0) });
    const { test, opensAt } = await scheduledTest(0, 10 * MINUTE);
    await t.app.services.exam.prepareDue();
    const prepared = (await attemptsOf(test.task.id)).find((r) => r.userId === devi.id)!;
    expect(prepared.status).toBe('prepared');
    await t.deps.db.update(tasks).set({ durationMinutes: 90 }).where(eq(tasks.id, test.task.id));
    const late = await t.createUser({ role: 'Student', ...placeIn(home, 0, 0) });

    clock.set(new Date(opensAt.getTime() + 1000));
    const session = await startAttempt(t, devi, test);
    expect(session.TestSessionID).not.toBe(prepared.id);
    const rows = await attemptsOf(test.task.id);
    const opened = rows.find((r) => r.userId === devi.id && r.status === 'open')!;
    expect(opened.id).toBe(session.TestSessionID);
    expect(opened.deadlineAt.getTime()).toBe(opensAt.getTime() + 1000 + 90 * MINUTE);
    // The stale one stays unseen until the next preparation drops it (the student is in the test).
    await t.app.services.exam.prepareDue();
    expect((await attemptsOf(test.task.id)).filter((r) => r.userId === devi.id).map((r) => r.status)).toEqual(['open']);

    const added = await startAttempt(t, late, test);
    expect(added.TestSessionID).toBeTruthy();
    expect((await attemptsOf(test.task.id)).filter((r) => r.userId === late.id).map((r) => r.status)).toEqual(['open']);
  });
});
