import { examSupervisionRoutes } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, examAttempts } from '../../db/schema/index.js';
import { expectAccessMatrix, jsonCalls } from '../../../test/exam-fixtures.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let sunrise: TestInstitute;
let teacher: TestUser;
let outsider: TestUser;
let parent: TestUser;
let bystander: TestUser;

const { post, get } = jsonCalls(() => t);
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  sunrise = await createInstitute(t);
  const kaveri = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(sunrise) });
  outsider = await t.createUser({ role: 'SchoolTeacher', ...placeIn(kaveri) });
  parent = await t.createUser({ role: 'Parent' });
  bystander = await t.createUser({ role: 'Student', ...placeIn(sunrise, 1, 0) });
});
afterAll(async () => t.close());

const student = () => t.createUser({ role: 'Student', ...placeIn(sunrise, 0, 0) });
const choice = (test: BuiltTest, index: number, seq: number) => ({ questionTaskMapID: test.mapIds[index]!, questionType: 'singleChoice', answerID: 2, seq });
const attemptRow = async (id: string) => (await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, id)))[0]!;
const auditOf = (action: string, targetId: string) =>
  t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('the live room', () => {
  it('lists the tests students in reach take, running ones first, and each student’s state on the server’s clock', async () => {
    const older = await createTestTask(t.deps.db);
    const early = await student();
    const oldSession = await startAttempt(t, early, older);
    await submitTest(t, early, oldSession.TestSessionID, older.task.id);
    t.clock.advance(MINUTE);
    const test = await createTestTask(t.deps.db, { task: { isCameraAllowed: true } });
    const [a, b] = [await student(), await student()];
    const s = await startAttempt(t, a, test);
    expect((await saveAnswers(t, a, s.TestSessionID, [choice(test, 0, 1), choice(test, 1, 1)])).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);

    const tests = (await get('/api/exam/v1/supervisedTests', teacher)).json().body;
    expect(tests[0]).toMatchObject({ taskId: test.task.id, runningAttempts: 1, submittedAttempts: 0, isCameraAllowed: true });
    expect(tests.find((x: { taskId: number }) => x.taskId === older.task.id)).toMatchObject({ runningAttempts: 0, submittedAttempts: 1 });
    // Another institute's teacher reaches none of these students.
    expect((await get('/api/exam/v1/supervisedTests', outsider)).json().body).toEqual([]);

    const room = (await get(`/api/exam/v1/liveRoom?taskId=${test.task.id}`, teacher)).json().body;
    expect(room).toMatchObject({ taskId: test.task.id, questionCount: 3, isCameraAllowed: true, serverNow: t.clock.now().toISOString() });
    const rowOf = (userId: number) => room.students.find((r: { userId: number }) => r.userId === userId);
    expect(rowOf(a.id)).toMatchObject({ state: 'running', attemptId: s.TestSessionID, answeredCount: 2, remainingSeconds: 58 * 60, tabChangeWarnings: 0 });
    expect(new Date(rowOf(a.id).lastSeenAt).getTime()).toBe(t.clock.now().getTime() - 2 * MINUTE);
    expect(rowOf(b.id)).toMatchObject({ state: 'notStarted', attemptId: null, answeredCount: 0 });
    expect(rowOf(bystander.id)).toMatchObject({ state: 'notStarted' });
    // A clock sync from the player counts as seen.
    await post('/api/task/v1/checkSession', a, { TestSessionID: s.TestSessionID });
    const again = (await get(`/api/exam/v1/liveRoom?taskId=${test.task.id}`, teacher)).json().body;
    expect(again.students.find((r: { userId: number }) => r.userId === a.id).lastSeenAt).toBe(t.clock.now().toISOString());
    // Out of reach: the room is empty, not an error that tells who took the test.
    const theirs = (await get(`/api/exam/v1/liveRoom?taskId=${test.task.id}`, outsider)).json().body;
    expect(theirs.students.some((r: { userId: number }) => r.userId === a.id)).toBe(false);
    expect((await get('/api/exam/v1/liveRoom?taskId=99999999', teacher)).statusCode).toBe(404);
    await submitTest(t, a, s.TestSessionID, test.task.id);
  });
});

describe('extending a student’s time', () => {
  it('moves the deadline on: saves are accepted until the new deadline and refused after, and the player is told', async () => {
    const test = await createTestTask(t.deps.db);
    const me = await student();
    const s = await startAttempt(t, me, test);
    t.clock.advance(59 * MINUTE);
    const res = await post('/api/exam/v1/extendTime', teacher, { attemptId: s.TestSessionID, minutes: 5, reason: 'Power cut in hall 2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ status: 'open', remainingSeconds: 6 * 60 });
    // The player's next save or clock sync carries the new remaining time.
    const saved = await saveAnswers(t, me, s.TestSessionID, [choice(test, 0, 1)]);
    expect(saved.json().body.RemainingTime).toBe(6 * 60);
    expect((await post('/api/task/v1/checkSession', me, { TestSessionID: s.TestSessionID })).json().body).toMatchObject({ isValid: true, RemainingTime: 6 * 60 });
    t.clock.advance(5 * MINUTE + 59_000);
    expect((await saveAnswers(t, me, s.TestSessionID, [choice(test, 1, 1)])).statusCode).toBe(200);
    t.clock.advance(2_000);
    const late = await saveAnswers(t, me, s.TestSessionID, [choice(test, 2, 1)]);
    expect(late.statusCode).toBe(422);
    expect(late.json().body.code).toBe('EXAM_TIME_OVER');
    const [entry] = await auditOf('exam.extendTime', s.TestSessionID);
    expect(entry).toMatchObject({ actorUserId: teacher.id, targetUserId: me.id, reason: 'Power cut in hall 2', instituteId: sunrise.id });
    expect(entry!.after).toMatchObject({ minutes: 5 });
    // Over now: the clock decides, so no more extensions; a reopen is the way back.
    const refused = await post('/api/exam/v1/extendTime', teacher, { attemptId: s.TestSessionID, minutes: 5, reason: 'late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().body.code).toBe('EXAM_NOT_OPEN');
  });

  it('with section timers, the current section’s deadline moves on too', async () => {
    const test = await createTestTask(t.deps.db, {
      task: { sectionWiseTimer: true },
      sections: [
        { durationMinutes: 10, questions: [{}] },
        { durationMinutes: 10, questions: [{}] },
      ],
    });
    const me = await student();
    const s = await startAttempt(t, me, test);
    t.clock.advance(9 * MINUTE);
    expect((await post('/api/exam/v1/extendTime', teacher, { attemptId: s.TestSessionID, minutes: 3, reason: 'Seat change' })).statusCode).toBe(200);
    t.clock.advance(3 * MINUTE);
    // Minute 12 of a 10-minute section: still open for this student.
    expect((await saveAnswers(t, me, s.TestSessionID, [choice(test, 0, 1)])).statusCode).toBe(200);
    const check = (await post('/api/task/v1/checkSession', me, { TestSessionID: s.TestSessionID })).json().body;
    expect(check.Section[0]).toMatchObject({ active: true, RemainingTime: 60 });
    expect(check.RemainingTime).toBe(11 * 60);
    t.clock.advance(61_000);
    // The second section starts at the first one's new deadline, with its full ten minutes.
    const next = (await post('/api/task/v1/checkSession', me, { TestSessionID: s.TestSessionID })).json().body;
    expect(next.Section[1]).toMatchObject({ active: true, RemainingTime: 10 * 60 - 1 });
  });
});

describe('reopening and force-submitting', () => {
  it('reopens a submitted attempt for new minutes, then closes it again at that deadline', async () => {
    const test = await createTestTask(t.deps.db);
    const me = await student();
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [choice(test, 0, 1)]);
    const first = (await submitTest(t, me, s.TestSessionID, test.task.id)).json().body;
    expect(first.scored).toBe(4);
    expect((await post('/api/exam/v1/extendTime', teacher, { attemptId: s.TestSessionID, minutes: 5, reason: 'x' })).statusCode).toBe(409);

    const reopened = await post('/api/exam/v1/reopenAttempt', teacher, { attemptId: s.TestSessionID, minutes: 10, reason: 'Browser crashed before the last answers' });
    expect(reopened.json().body).toMatchObject({ status: 'open', remainingSeconds: 600 });
    expect((await post('/api/task/v1/checkSession', me, { TestSessionID: s.TestSessionID })).json().body).toMatchObject({ isValid: true, RemainingTime: 600 });
    expect((await saveAnswers(t, me, s.TestSessionID, [choice(test, 1, 1)])).statusCode).toBe(200);
    // Reopening an open attempt is refused.
    expect((await post('/api/exam/v1/reopenAttempt', teacher, { attemptId: s.TestSessionID, minutes: 10, reason: 'x' })).statusCode).toBe(409);
    t.clock.advance(10 * MINUTE);
    expect((await saveAnswers(t, me, s.TestSessionID, [choice(test, 2, 1)])).statusCode).toBe(422);
    const row = await attemptRow(s.TestSessionID);
    expect(row).toMatchObject({ status: 'submitted', submitReason: 'timeout', scored: 8 });
    expect(await auditOf('exam.reopenAttempt', s.TestSessionID)).toHaveLength(1);
  });

  it('force-submits a running attempt with what it saved; the student can save no more', async () => {
    const test = await createTestTask(t.deps.db);
    const me = await student();
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [choice(test, 0, 1)]);
    const res = await post('/api/exam/v1/forceSubmit', teacher, { attemptId: s.TestSessionID, reason: 'Seen using a phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ scored: 4, submitReason: 'staff' });
    const late = await saveAnswers(t, me, s.TestSessionID, [choice(test, 1, 1)]);
    expect(late.json().body.code).toBe('EXAM_ALREADY_SUBMITTED');
    const [entry] = await auditOf('exam.forceSubmit', s.TestSessionID);
    expect(entry).toMatchObject({ reason: 'Seen using a phone', targetUserId: me.id });
    expect(entry!.before).toMatchObject({ status: 'open' });
    expect(entry!.after).toMatchObject({ status: 'submitted' });
    expect((await post('/api/exam/v1/forceSubmit', teacher, { attemptId: s.TestSessionID, reason: 'again' })).statusCode).toBe(409);
  });
});

describe('an outage credit (a server that stopped)', () => {
  it('adds the outage to every attempt running when it began, in one go, and records each with its cause', async () => {
    const test = await createTestTask(t.deps.db);
    const [a, b, c, late] = [await student(), await student(), await student(), await student()];
    const [sa, sb, sc] = [await startAttempt(t, a, test), await startAttempt(t, b, test), await startAttempt(t, c, test)];
    await submitTest(t, c, sc.TestSessionID, test.task.id);
    t.clock.advance(MINUTE);
    const from = t.clock.now();
    t.clock.advance(MINUTE);
    // Started during the outage's window (a later record of the same clock): not running when it began.
    const sl = await startAttempt(t, late, test);
    const before = await Promise.all([sa, sb, sl].map((s) => attemptRow(s.TestSessionID)));
    t.clock.advance(30_000);
    const credited = await t.app.services.exam.creditOutage({ from, to: t.clock.now(), cause: 'centre server stopped unexpectedly (crash or power cut)' });
    expect(credited).toBe(2);
    const after = await Promise.all([sa, sb, sl].map((s) => attemptRow(s.TestSessionID)));
    expect(after.map((row, i) => row.deadlineAt.getTime() - before[i]!.deadlineAt.getTime())).toEqual([90_000, 90_000, 0]);
    for (const s of [sa, sb]) {
      const [entry] = await auditOf('exam.outageCredit', s.TestSessionID);
      expect(entry).toMatchObject({ reason: 'centre server stopped unexpectedly (crash or power cut)', after: expect.objectContaining({ seconds: 90 }) });
    }
    expect(await auditOf('exam.outageCredit', sc.TestSessionID)).toEqual([]);
    expect(await auditOf('exam.outageCredit', sl.TestSessionID)).toEqual([]);
    expect((await attemptRow(sc.TestSessionID)).status).toBe('submitted');
  });
});

describe('access (every live-room call)', () => {
  it('401 without a token, 403 for a student or a parent, 400 for missing input', async () => {
    const admin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(sunrise) });
    await expectAccessMatrix(t, examSupervisionRoutes, { student: bystander, teacher: admin, parent }, {
      samples: {
        listSupervisedTests: {},
        liveRoom: { query: 'taskId=99999999' },
        extendTime: { body: { attemptId: 'nope', minutes: 5, reason: 'r' } },
        reopenAttempt: { body: { attemptId: 'nope', minutes: 5, reason: 'r' } },
        forceSubmit: { body: { attemptId: 'nope', reason: 'r' } },
      },
      needsNoInput: ['listSupervisedTests'],
    });
  });

  it('another institute’s teacher finds no attempt (404); bad input is refused with a message and changes nothing', async () => {
    const test = await createTestTask(t.deps.db);
    const me = await student();
    const s = await startAttempt(t, me, test);
    const before = await attemptRow(s.TestSessionID);
    for (const [path, body] of [
      ['extendTime', { attemptId: s.TestSessionID, minutes: 5, reason: 'r' }],
      ['reopenAttempt', { attemptId: s.TestSessionID, minutes: 5, reason: 'r' }],
      ['forceSubmit', { attemptId: s.TestSessionID, reason: 'r' }],
    ] as const) {
      const res = await post(`/api/exam/v1/${path}`, outsider, body);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain(String(me.id));
    }
    for (const body of [
      { attemptId: s.TestSessionID, minutes: 0, reason: 'r' },
      { attemptId: s.TestSessionID, minutes: 2.5, reason: 'r' },
      { attemptId: s.TestSessionID, minutes: 601, reason: 'r' },
      { attemptId: s.TestSessionID, minutes: 5, reason: '   ' },
      { attemptId: s.TestSessionID, minutes: 'ten', reason: 'r' },
    ]) {
      const res = await post('/api/exam/v1/extendTime', teacher, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/minutes|reason/i);
    }
    const tamil = await post('/api/exam/v1/extendTime', teacher, { attemptId: s.TestSessionID, minutes: 0, reason: 'r' }, { language: 'tn' });
    expect(tamil.json().message).toContain('நிமிட');
    expect(await attemptRow(s.TestSessionID)).toEqual(before);
    expect(await auditOf('exam.extendTime', s.TestSessionID)).toEqual([]);
  });

  it('a role whose exam.supervise was taken away is refused (403)', async () => {
    const clientId = await createClient(t);
    const school = await createInstitute(t, { clientId });
    const theirTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(school) });
    const theirStudent = await t.createUser({ role: 'Student', ...placeIn(school, 0, 0) });
    const test = await createTestTask(t.deps.db);
    const s = await startAttempt(t, theirStudent, test);
    const before = await attemptRow(s.TestSessionID);
    expect((await get('/api/exam/v1/supervisedTests', theirTeacher)).statusCode).toBe(200);
    await t.app.services.roles.revoke(clientId, 'SchoolTeacher', ['exam.supervise']);
    expect((await get('/api/exam/v1/supervisedTests', theirTeacher)).statusCode).toBe(403);
    expect((await get(`/api/exam/v1/liveRoom?taskId=${test.task.id}`, theirTeacher)).statusCode).toBe(403);
    const res = await post('/api/exam/v1/extendTime', theirTeacher, { attemptId: s.TestSessionID, minutes: 5, reason: 'r' });
    expect(res.statusCode).toBe(403);
    expect(await attemptRow(s.TestSessionID)).toEqual(before);
  });
});
