import { CENTRE_OFFLINE_AFTER_SECONDS, type CentreRoom, type CentreRoomStudent } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { tasks, taskQuestions, testSchedules } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { createTestTask, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { signInAtCentre, startCentralAndCentre } from '../../../test/centre-fixtures.js';

/**
 * The invigilator's dashboard on a centre (GET /centre/v1/local/room) and the pre-exam check's
 * clock (GET /centre/v1/check), against a real central server listening on a port: the rostered
 * students not started, in, offline (silent for CENTRE_OFFLINE_AFTER_SECONDS) and submitted, the
 * last save, the outage credits with their cause and each attempt's sync; for the staff of the
 * centre's own institute only.
 */
let central: TestApp;
let centralDatabase: Database;
let centre: TestApp;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 6, 0, 0));
let home: TestInstitute;
let lab: TestInstitute;
let otherLab: TestInstitute;
let labAdmin: TestUser;
let labTeacher: TestUser;
let otherLabAdmin: TestUser;
let localStudent: TestUser;
const students: Record<'kavya' | 'arun' | 'selvi', TestUser> = {} as never;
let test: BuiltTest;
let scheduleId: number;
const opensAt = new Date(clock.now().getTime() + 3_600_000);

type Caller = { headers: Record<string, string> } | null;
const centreCall = (url: string, user: Caller, payload?: object) =>
  centre.call({ method: payload ? 'POST' : 'GET', url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
const roomOf = (user: Caller, query = `scheduleId=${scheduleId}`) =>
  centreCall(`/api/centre/v1/local/room?${query}`, user);
async function room(): Promise<CentreRoom> {
  const res = await roomOf(labAdmin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
}
const byName = (view: CentreRoom, firstName: string) =>
  view.students.find((s) => s.name.startsWith(firstName)) as CentreRoomStudent;

/** A rostered student at the centre (every central student here has this password). */
const studentAtCentre = (user: TestUser) => signInAtCentre(centre, user.username, 'Central-pass-1');

beforeAll(async () => {
  ({ central, centralDatabase, centre } = await startCentralAndCentre(clock));

  home = await createInstitute(central);
  const centralAdmin = await central.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
  students.kavya = await central.createUser({
    role: 'Student',
    ...placeIn(home, 0, 1),
    password: 'Central-pass-1',
    firstName: 'Kavya',
  });
  students.arun = await central.createUser({
    role: 'Student',
    ...placeIn(home, 0, 1),
    password: 'Central-pass-1',
    firstName: 'Arun',
  });
  students.selvi = await central.createUser({
    role: 'Student',
    ...placeIn(home, 0, 1),
    password: 'Central-pass-1',
    firstName: 'Selvi',
  });
  test = await createTestTask(central.deps.db, { sections: [{ name: 'Biology', questions: [{}, {}] }] });
  const [own] = await central.deps.db
    .insert(testSchedules)
    .values({
      taskId: test.task.id,
      instituteId: home.id,
      classId: home.classes[0]!.id,
      opensAt,
      closesAt: new Date(opensAt.getTime() + 4 * 3_600_000),
    })
    .returning();
  scheduleId = own!.id;

  // The centre: its own institute with an administrator and a teacher; another institute on the same server.
  lab = await createInstitute(centre);
  otherLab = await createInstitute(centre);
  labAdmin = await centre.createUser({ role: 'InstituteAdmin', ...placeIn(lab) });
  labTeacher = await centre.createUser({ role: 'Teacher', ...placeIn(lab) });
  otherLabAdmin = await centre.createUser({ role: 'InstituteAdmin', ...placeIn(otherLab) });
  localStudent = await centre.createUser({ role: 'Student', ...placeIn(lab, 0) });
  const code = await central.call({
    method: 'POST',
    url: '/api/centre/v1/createPairingCode',
    headers: centralAdmin.headers,
    payload: {},
  });
  expect(
    (await centreCall('/api/centre/v1/local/pair', labAdmin, { code: code.json().body.code, name: 'Lab One' }))
      .statusCode,
  ).toBe(200);
  expect((await centreCall('/api/centre/v1/local/stage', labAdmin, {})).statusCode).toBe(200);
}, 300_000);

afterAll(async () => {
  await centre?.close();
  await central?.close();
  await centralDatabase?.close();
});

describe('the pre-exam check', () => {
  it('answers anyone with the server’s role and clock', async () => {
    const res = await centre.call({ method: 'GET', url: '/api/centre/v1/check' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toEqual({ role: 'centre', serverNow: clock.now().toISOString() });
    expect((await central.call({ method: 'GET', url: '/api/centre/v1/check' })).json().body).toMatchObject({
      role: 'central',
    });
  });
});

describe('the invigilator’s dashboard', () => {
  it('lists the roster of a locked exam, nobody started', async () => {
    const view = await room();
    expect(view).toMatchObject({
      scheduleId,
      title: test.task.name,
      isUnlocked: false,
      offlineAfterSeconds: CENTRE_OFFLINE_AFTER_SECONDS,
      counts: { rostered: 3, notStarted: 3, running: 0, offline: 0, submitted: 0 },
    });
    expect(view.students.map((s) => s.name.split(' ')[0]).sort()).toEqual(['Arun', 'Kavya', 'Selvi']);
    expect(view.students.every((s) => s.state === 'notStarted' && s.attemptId === null)).toBe(true);
  });

  it('shows who is in, who went silent (offline), the last save, and who submitted, on the server’s clock', async () => {
    clock.set(opensAt);
    expect((await centreCall('/api/centre/v1/local/unlock', labAdmin, { scheduleId })).statusCode).toBe(200);
    const [task] = await centre.deps.db.select().from(tasks);
    const maps = await centre.deps.db.select().from(taskQuestions).where(eq(taskQuestions.taskId, task!.id));
    const sessions: Record<string, string> = {};
    const kavya = await studentAtCentre(students.kavya);
    const arun = await studentAtCentre(students.arun);
    for (const [name, who] of [
      ['kavya', kavya],
      ['arun', arun],
    ] as const) {
      const started = await centreCall('/api/task/v1/practise', who, {
        taskID: task!.id,
        courseID: task!.courseId,
        languageID: 1,
      });
      expect(started.statusCode, started.body).toBe(200);
      sessions[name] = started.json().body.TestSessionID;
    }
    const save = (who: Caller, session: string, answered: number, seq: number) =>
      centreCall('/api/task/v1/saveAnswer', who, {
        TestSessionID: session,
        data: maps
          .slice(0, answered)
          .map((map) => ({ questionTaskMapID: map.id, questionType: 'singleChoice', answerID: 1, seq })),
      });
    expect((await save(arun, sessions.arun!, 1, 1)).statusCode).toBe(200);
    clock.advance(50_000);
    const savedAt = clock.now().toISOString();
    expect((await save(kavya, sessions.kavya!, 2, 1)).statusCode).toBe(200);
    clock.advance(20_000);

    let view = await room();
    expect(view.isUnlocked).toBe(true);
    expect(view.serverNow).toBe(clock.now().toISOString());
    // Arun's last sign of life was 70 s ago; Kavya saved 20 s ago.
    expect(byName(view, 'Kavya')).toMatchObject({
      state: 'running',
      attemptId: sessions.kavya,
      lastSaveAt: savedAt,
      answeredCount: 2,
      credits: [],
      sync: null,
    });
    expect(byName(view, 'Arun')).toMatchObject({ state: 'offline', attemptId: sessions.arun, answeredCount: 1 });
    expect(byName(view, 'Selvi')).toMatchObject({ state: 'notStarted' });
    expect(view.counts).toEqual({ rostered: 3, notStarted: 1, running: 1, offline: 1, submitted: 0 });

    // Arun's machine comes back: a save brings him in again.
    expect((await save(arun, sessions.arun!, 2, 2)).statusCode).toBe(200);
    expect(
      (await centreCall('/api/task/v1/submitTest', kavya, { TestSessionID: sessions.kavya, TaskID: task!.id }))
        .statusCode,
    ).toBe(200);
    view = await room();
    expect(byName(view, 'Arun')).toMatchObject({ state: 'running', answeredCount: 2 });
    expect(byName(view, 'Kavya')).toMatchObject({
      state: 'submitted',
      submitReason: 'student',
      submittedAt: clock.now().toISOString(),
    });
    expect(view.counts).toMatchObject({ running: 1, offline: 0, submitted: 1 });
  });

  it('shows an outage credit with its cause, and each closed attempt’s sync once it went up', async () => {
    const from = new Date(clock.now().getTime() - 5_000);
    const credited = await centre.app.services.exam.creditOutage({
      from,
      to: clock.now(),
      cause: 'crash or power cut',
    });
    expect(credited).toBe(1);
    let view = await room();
    expect(byName(view, 'Arun').credits).toEqual([
      { seconds: 5, cause: 'crash or power cut', from: from.toISOString(), to: clock.now().toISOString() },
    ]);
    expect(byName(view, 'Kavya').credits).toEqual([]);

    const synced = await centreCall('/api/centre/v1/local/sync', labAdmin, {});
    expect(synced.statusCode, synced.body).toBe(200);
    view = await room();
    expect(byName(view, 'Kavya').sync).toEqual({ state: 'complete', reason: null });
    // A running attempt is not sealed yet.
    expect(byName(view, 'Arun').sync).toBeNull();
    expect(view.sync).toMatchObject({
      lastSyncAt: clock.now().toISOString(),
      sealed: 1,
      counts: { complete: 1, pending: 0, damaged: 0, refused: 0 },
    });
  });

  it('answers a teacher of the centre’s institute too', async () => {
    const res = await roomOf(labTeacher);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.counts.rostered).toBe(3);
  });

  it('refuses bad input, no token and a student, and hides the exam from another institute and an unknown exam', async () => {
    for (const query of ['scheduleId=abc', 'scheduleId=0', '']) {
      const res = await roomOf(labAdmin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: false });
    }
    expect((await roomOf(null)).statusCode).toBe(401);
    expect((await roomOf(localStudent)).statusCode).toBe(403);
    for (const [who, query] of [
      [otherLabAdmin, `scheduleId=${scheduleId}`],
      [labAdmin, `scheduleId=${scheduleId + 1000}`],
    ] as const) {
      const res = await roomOf(who, query);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'CENTRE_EXAM_NOT_FOUND' } });
    }
  });

  it('is not there on the central server', async () => {
    const admin = await central.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
    expect(
      (
        await central.call({
          method: 'GET',
          url: `/api/centre/v1/local/room?scheduleId=${scheduleId}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the central Exam Centres list', () => {
  it('shows each centre’s sync state', async () => {
    const admin = await central.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
    const res = await central.call({ method: 'GET', url: '/api/centre/v1/list', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.items).toEqual([
      expect.objectContaining({
        name: 'Lab One',
        sync: { lastSyncAt: clock.now().toISOString(), counts: { complete: 1, pending: 0, damaged: 0, refused: 0 } },
      }),
    ]);
  });
});
