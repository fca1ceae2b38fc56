import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.js';
import { auditLog, centreSyncAttempts, centreSyncOutbox, centreSyncRecords, examAnswers, examAttempts, tasks, taskQuestions, testSchedules } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { createTestTask, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { signInAtCentre, startCentralAndCentre } from '../../../test/centre-fixtures.js';

/**
 * A damaged sync recovered (decision 070), on both sides: a central server listening on a port and
 * a centre server. A student's attempt is sealed on the centre while the link is cut, and its
 * stored chain is then altered on the centre's disk; the central side refuses it as damaged. An
 * administrator of the centre's institute asks for a fresh copy (scoped, audited, only of a damaged
 * attempt); on its next sync the centre seals the attempt again from its own records and sends it
 * whole; the central side imports it once and the damage clears. A sync after that adds nothing.
 */
let central: TestApp;
let centralDatabase: Database;
let centre: TestApp;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 6, 0, 0));
let home: TestInstitute;
let other: TestInstitute;
let centralAdmin: TestUser;
let teacher: TestUser;
let otherAdmin: TestUser;
let labAdmin: TestUser;
const students: Record<'kavya' | 'arun', TestUser> = {} as never;
let test: BuiltTest;
let centreId: number;
let otherCentre: { centreId: number; credential: string };
const opensAt = new Date(clock.now().getTime() + 3_600_000);
const attemptOf = {} as Record<'kavya' | 'arun', string>;

type Caller = { headers: Record<string, string> } | null;
const centreCall = (url: string, user: Caller, payload?: object) => centre.call({ method: payload ? 'POST' : 'GET', url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
const requestResend = (user: Caller, payload: object) => central.call({ method: 'POST', url: '/api/centre/v1/requestResend', headers: user?.headers ?? {}, payload });
const syncState = async () => {
  const res = await central.call({ method: 'GET', url: `/api/centre/v1/syncState?centreId=${centreId}`, headers: centralAdmin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as { counts: Record<string, number>; items: Array<{ centreAttemptId: string; state: string; reason: string | null; resendRequestedAt: string | null; centralAttemptId: string | null }> };
};
const syncNow = async () => {
  const res = await centreCall('/api/centre/v1/local/sync', labAdmin, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as { counts: Record<string, number>; items: Array<{ attemptId: string; state: string; reason: string | null }> };
};

/** What the central side holds: attempts, answers, sync rows and records, and the sync rows themselves. */
async function centralRows() {
  const db = central.deps.db;
  return {
    attempts: (await db.select().from(examAttempts)).length,
    answers: (await db.select().from(examAnswers)).length,
    records: (await db.select().from(centreSyncRecords)).length,
    syncs: (await db.select().from(centreSyncAttempts)).map(({ updatedAt: _u, ...row }) => row).sort((a, b) => a.id - b.id),
  };
}

/** A rostered student at the centre (every central student here has this password). */
const studentAtCentre = (user: TestUser) => signInAtCentre(centre, user.username, 'Central-pass-1');

beforeAll(async () => {
  ({ central, centralDatabase, centre } = await startCentralAndCentre(clock));

  home = await createInstitute(central);
  other = await createInstitute(central);
  centralAdmin = await central.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
  teacher = await central.createUser({ role: 'Teacher', ...placeIn(home) });
  otherAdmin = await central.createUser({ role: 'InstituteAdmin', ...placeIn(other) });
  for (const name of ['kavya', 'arun'] as const) students[name] = await central.createUser({ role: 'Student', ...placeIn(home, 0), password: 'Central-pass-1', firstName: name });
  test = await createTestTask(central.deps.db, { sections: [{ name: 'Biology', questions: [{}, {}] }] });
  await central.deps.db.insert(testSchedules).values({ taskId: test.task.id, instituteId: home.id, classId: home.classes[0]!.id, opensAt, closesAt: new Date(opensAt.getTime() + 4 * 3_600_000) });

  const lab = await createInstitute(centre);
  labAdmin = await centre.createUser({ role: 'InstituteAdmin', ...placeIn(lab) });
  const code = async (admin: TestUser) => (await central.call({ method: 'POST', url: '/api/centre/v1/createPairingCode', headers: admin.headers, payload: {} })).json().body.code as string;
  const paired = await centreCall('/api/centre/v1/local/pair', labAdmin, { code: await code(centralAdmin), name: 'Lab One' });
  expect(paired.statusCode, paired.body).toBe(200);
  centreId = paired.json().body.centreId;
  otherCentre = (await central.call({ method: 'POST', url: '/api/centre/v1/pair', payload: { code: await code(otherAdmin), name: 'Other lab' } })).json().body;
  expect((await centreCall('/api/centre/v1/local/stage', labAdmin, {})).statusCode).toBe(200);

  // The exam on the centre: both students answer and submit.
  clock.set(opensAt);
  expect((await centreCall('/api/centre/v1/local/unlock', labAdmin, { scheduleId: (await central.deps.db.select().from(testSchedules))[0]!.id })).statusCode).toBe(200);
  const [task] = await centre.deps.db.select().from(tasks);
  const maps = await centre.deps.db.select().from(taskQuestions).where(eq(taskQuestions.taskId, task!.id));
  for (const name of ['kavya', 'arun'] as const) {
    const who = await studentAtCentre(students[name]);
    const started = await centreCall('/api/task/v1/practise', who, { taskID: task!.id, courseID: task!.courseId, languageID: 1 });
    expect(started.statusCode, started.body).toBe(200);
    attemptOf[name] = started.json().body.TestSessionID;
    const saved = await centreCall('/api/task/v1/saveAnswer', who, { TestSessionID: attemptOf[name], data: maps.map((map) => ({ questionTaskMapID: map.id, questionType: 'singleChoice', answerID: 1, seq: 1 })) });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.advance(60_000);
    expect((await centreCall('/api/task/v1/submitTest', who, { TestSessionID: attemptOf[name], TaskID: task!.id })).statusCode).toBe(200);
  }
}, 300_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await centre?.close();
  await central?.close();
  await centralDatabase?.close();
});

describe('a damaged sync, asked for again', () => {
  it('is refused as damaged when the centre’s stored chain was altered after sealing', async () => {
    // The link drops after the centre has sealed its attempts: nothing reaches the central side.
    const realFetch = globalThis.fetch;
    const cut = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => (String(input).endsWith('/centre/v1/sync') ? Promise.reject(new TypeError('fetch failed')) : realFetch(input, init)));
    const failed = await centreCall('/api/centre/v1/local/sync', labAdmin, {});
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ status: false, body: { code: 'CENTRE_CENTRAL_UNREACHABLE' } });
    cut.mockRestore();
    const sealed = await centre.deps.db.select().from(centreSyncOutbox);
    expect(sealed.map((row) => row.attemptId).sort()).toEqual([attemptOf.kavya, attemptOf.arun].sort());

    // Kavya's stored chain is altered on the centre's disk: her first answer now says option 2.
    const kavya = sealed.find((row) => row.attemptId === attemptOf.kavya)!;
    const answer = kavya.records.findIndex((record) => record.kind === 'answer');
    const altered = kavya.records.map((record, i) => (i === answer ? { ...record, data: { ...record.data, answerId: 2 } } : record));
    await centre.deps.db.update(centreSyncOutbox).set({ records: altered }).where(eq(centreSyncOutbox.attemptId, attemptOf.kavya));

    const status = await syncNow();
    expect(status.items.find((item) => item.attemptId === attemptOf.kavya)).toMatchObject({ state: 'damaged', reason: 'altered' });
    expect(status.items.find((item) => item.attemptId === attemptOf.arun)).toMatchObject({ state: 'complete', reason: null });
    const state = await syncState();
    expect(state.counts).toEqual({ complete: 1, damaged: 1, refused: 0, pending: 0 });
    expect(state.items[0]).toMatchObject({ centreAttemptId: attemptOf.kavya, state: 'damaged', reason: 'altered', resendRequestedAt: null, centralAttemptId: null });
    // Nothing of Kavya's attempt is imported; Arun's is.
    const imported = await central.deps.db.select().from(examAttempts);
    expect(imported.map((row) => row.userId)).toEqual([students.arun.id]);
  });

  it('refuses a request without a token, of a teacher, of another institute, for an unknown or undamaged attempt, and bad input, changing nothing', async () => {
    const before = await centralRows();
    const arun = { centreId, centreAttemptId: attemptOf.arun };
    const kavya = { centreId, centreAttemptId: attemptOf.kavya };
    expect((await requestResend(null, kavya)).statusCode).toBe(401);
    expect((await requestResend(teacher, kavya)).statusCode).toBe(403);
    for (const [who, body, status, code] of [
      // Another institute's administrator: this centre is not in their reach.
      [otherAdmin, kavya, 404, 'CENTRE_NOT_FOUND'],
      // Their own centre, this centre's attempt: not theirs either.
      [otherAdmin, { centreId: otherCentre.centreId, centreAttemptId: attemptOf.kavya }, 404, 'CENTRE_SYNC_ATTEMPT_NOT_FOUND'],
      [centralAdmin, { centreId: centreId + 1000, centreAttemptId: attemptOf.kavya }, 404, 'CENTRE_NOT_FOUND'],
      [centralAdmin, { centreId, centreAttemptId: 'no-such-attempt' }, 404, 'CENTRE_SYNC_ATTEMPT_NOT_FOUND'],
      [centralAdmin, arun, 409, 'CENTRE_SYNC_NOT_DAMAGED'],
      [centralAdmin, { centreId: 'abc', centreAttemptId: attemptOf.kavya }, 400, 'VALIDATION_FAILED'],
      [centralAdmin, { centreId, centreAttemptId: 'a b' }, 400, 'VALIDATION_FAILED'],
      [centralAdmin, { centreId }, 400, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await requestResend(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ status: false, message: expect.any(String), body: { code } });
    }
    // The centre's own call needs its credential.
    const anonymous = await central.call({ method: 'POST', url: '/api/centre/v1/resendRequests', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: false, body: { code: 'CENTRE_CREDENTIAL_INVALID' } });
    expect(await centralRows()).toEqual(before);
    expect(await central.deps.db.select().from(auditLog).where(eq(auditLog.action, 'centre.resendRequested'))).toEqual([]);
  });

  it('asks the centre for a fresh copy: what was held is dropped, the attempt waits pending, and the request is audited', async () => {
    const [sync] = await central.deps.db.select().from(centreSyncAttempts).where(eq(centreSyncAttempts.centreAttemptId, attemptOf.kavya));
    const res = await requestResend(centralAdmin, { centreId, centreAttemptId: attemptOf.kavya });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toEqual({ centreId, centreAttemptId: attemptOf.kavya, state: 'pending', resendRequestedAt: clock.now().toISOString() });
    const [reset] = await central.deps.db.select().from(centreSyncAttempts).where(eq(centreSyncAttempts.id, sync!.id));
    expect(reset).toMatchObject({ state: 'pending', reason: null, received: 0, recordCount: null, headHash: null, resendRequestedAt: clock.now() });
    expect(await central.deps.db.select().from(centreSyncRecords).where(eq(centreSyncRecords.syncId, sync!.id))).toEqual([]);
    const audits = await central.deps.db.select().from(auditLog).where(eq(auditLog.action, 'centre.resendRequested'));
    expect(audits).toMatchObject([{ actorUserId: centralAdmin.id, instituteId: home.id, targetType: 'centre', targetId: String(centreId), after: { centreAttemptId: attemptOf.kavya, was: { state: 'damaged', reason: 'altered' }, state: 'pending' } }]);
    // Asked twice: it is not damaged any more.
    expect((await requestResend(centralAdmin, { centreId, centreAttemptId: attemptOf.kavya })).json().body.code).toBe('CENTRE_SYNC_NOT_DAMAGED');
    expect((await syncState()).counts).toEqual({ complete: 1, damaged: 0, refused: 0, pending: 1 });
  });

  it('gets the whole attempt on the centre’s next sync, sealed again from the centre’s own records, and imports it once', async () => {
    const before = await centralRows();
    const status = await syncNow();
    expect(status.counts).toEqual({ complete: 2, damaged: 0, refused: 0, pending: 0 });
    const state = await syncState();
    expect(state.counts).toEqual({ complete: 2, damaged: 0, refused: 0, pending: 0 });
    const kavya = state.items.find((item) => item.centreAttemptId === attemptOf.kavya)!;
    expect(kavya).toMatchObject({ state: 'complete', reason: null, centralAttemptId: expect.any(String) });
    // Her answers as she gave them (option 1 each), not as the altered copy said.
    const answers = await central.deps.db.select().from(examAnswers).where(eq(examAnswers.attemptId, kavya.centralAttemptId!));
    expect(answers.map((a) => a.answerId)).toEqual([1, 1]);
    const after = await centralRows();
    expect([after.attempts, after.answers]).toEqual([before.attempts + 1, before.answers + 2]);
    // The centre recorded what it was asked, and nothing is asked any more.
    const asked = await centre.deps.db.select().from(auditLog).where(eq(auditLog.action, 'centre.resendAsked'));
    expect(asked).toMatchObject([{ after: { attemptIds: [attemptOf.kavya], resealed: [attemptOf.kavya] } }]);
    const [resealed] = await centre.deps.db.select().from(centreSyncOutbox).where(and(eq(centreSyncOutbox.attemptId, attemptOf.kavya), eq(centreSyncOutbox.state, 'complete')));
    expect(resealed).toBeDefined();
  });

  it('adds nothing on a sync after that, and a complete attempt cannot be asked for again', async () => {
    const before = await centralRows();
    const status = await syncNow();
    expect(status.counts).toEqual({ complete: 2, damaged: 0, refused: 0, pending: 0 });
    expect(await centralRows()).toEqual(before);
    const again = await requestResend(centralAdmin, { centreId, centreAttemptId: attemptOf.kavya });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: false, body: { code: 'CENTRE_SYNC_NOT_DAMAGED' } });
    expect(await centralRows()).toEqual(before);
  });
});
