import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { examAttempts, tasks, testSchedules } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { signInAtCentre, startCentralAndCentre } from '../../../test/centre-fixtures.js';
import { createTestTask, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn } from '../../../test/factories/scope.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';

/**
 * A lab machine whose clock is wrong by minutes (issue 34, bad input): the centre measures every
 * attempt on its own clock, so the time a student is given and the time they used are the same as
 * on a right clock, and the central server takes the synced attempt as it is, scored alike. With
 * the central key the window is moved by the clock's error; offline, with the code, it stays on the
 * centre's clock (an early unlock and a slow clock look alike there).
 */
const MINUTE = 60_000;

describe.each([
  ['ahead', 7, 'central'],
  ['behind', -7, 'central'],
  ['ahead', 7, 'code'],
] as const)('a centre whose clock is %s by 7 minutes, unlocked by the %s key', (_label, skewMinutes, unlockBy) => {
  const centralClock = new ManualClock(Date.UTC(2026, 6, 1, 4, 0, 0));
  const centreClock = new ManualClock(centralClock.now().getTime() + skewMinutes * MINUTE);
  const opensAt = new Date(centralClock.now().getTime() + 3_600_000);
  let central: TestApp;
  let centralDatabase: Database;
  let centre: TestApp;
  let labAdmin: TestUser;
  let student: TestUser;
  let test: BuiltTest;
  let scheduleId: number;
  let attemptId: string;
  let invigilatorCode: string;

  const centreCall = (url: string, headers: Record<string, string>, payload: object) => centre.call({ method: 'POST', url, headers, payload });
  /** Both machines' clocks move on together; the centre's stays wrong by the same minutes. */
  const advance = (ms: number) => {
    centralClock.advance(ms);
    centreClock.advance(ms);
  };

  beforeAll(async () => {
    ({ central, centralDatabase, centre } = await startCentralAndCentre(centralClock, centreClock));
    const home = await createInstitute(central);
    const admin = await central.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
    student = await central.createUser({ role: 'Student', ...placeIn(home, 0), password: 'Central-pass-1' });
    test = await createTestTask(central.deps.db, { task: { durationMinutes: 30 }, sections: [{ name: 'Physics', questions: [{}, {}] }] });
    const [window] = await central.deps.db
      .insert(testSchedules)
      .values({ taskId: test.task.id, instituteId: home.id, classId: home.classes[0]!.id, opensAt, closesAt: new Date(opensAt.getTime() + 4 * 3_600_000) })
      .returning();
    scheduleId = window!.id;
    const lab = await createInstitute(centre);
    labAdmin = await centre.createUser({ role: 'InstituteAdmin', ...placeIn(lab) });
    const code = await central.call({ method: 'POST', url: '/api/centre/v1/createPairingCode', headers: admin.headers, payload: {} });
    expect(code.statusCode, code.body).toBe(200);
    const paired = await centreCall('/api/centre/v1/local/pair', labAdmin.headers, { code: code.json().body.code, name: 'Lab with a wrong clock' });
    expect(paired.statusCode, paired.body).toBe(200);
    const issued = await central.call({ method: 'POST', url: '/api/centre/v1/issueInvigilatorCode', headers: admin.headers, payload: { centreId: paired.json().body.centreId, scheduleId } });
    expect(issued.statusCode, issued.body).toBe(200);
    invigilatorCode = issued.json().body.code as string;
    expect((await centreCall('/api/centre/v1/local/stage', labAdmin.headers, {})).statusCode).toBe(200);
  }, 300_000);

  afterAll(async () => {
    await centre?.close();
    await central?.close();
    await centralDatabase?.close();
  });

  it('opens the window at the start the unlock marks, and gives the student the test’s full time on its own clock', async () => {
    const isUnlocked = async () =>
      (await centre.call({ method: 'GET', url: '/api/centre/v1/local/status', headers: labAdmin.headers })).json().body.exams.find((e: { scheduleId: number }) => e.scheduleId === scheduleId)
        .isUnlocked as boolean;
    if (unlockBy === 'central') {
      // The centre's own rounds ask for the key from a little before the start on its clock; the
      // central server gives it at its own start.
      advance(opensAt.getTime() - 5 * MINUTE - centralClock.now().getTime());
      await centre.app.services.centre.local!.pollOnce();
      expect(await isUnlocked()).toBe(false);
      advance(5 * MINUTE);
      await centre.app.services.centre.local!.pollOnce();
      expect(await isUnlocked()).toBe(true);
    } else {
      advance(opensAt.getTime() - centralClock.now().getTime());
      const unlocked = await centreCall('/api/centre/v1/local/unlock', labAdmin.headers, { scheduleId, code: invigilatorCode });
      expect(unlocked.statusCode, unlocked.body).toBe(200);
    }
    const headers = (await signInAtCentre(centre, student.username, 'Central-pass-1')).headers;
    const [task] = await centre.deps.db.select().from(tasks);
    const started = await centreCall('/api/task/v1/practise', headers, { taskID: task!.id, courseID: task!.courseId, languageID: 1 });
    expect(started.statusCode, started.body).toBe(200);
    attemptId = started.json().body.TestSessionID as string;
    const [attempt] = await centre.deps.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(attempt!.startedAt.getTime()).toBe(centreClock.now().getTime());
    expect(attempt!.deadlineAt.getTime() - attempt!.startedAt.getTime()).toBe(30 * MINUTE);

    advance(10 * MINUTE);
    const order = attempt!.questionOrder.flat();
    const saved = await centreCall('/api/task/v1/saveAnswer', headers, {
      TestSessionID: attemptId,
      data: order.map((mapId) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: 2, seq: 1 })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().body.RemainingTime).toBe(20 * 60);
    const submitted = await centreCall('/api/task/v1/submitTest', headers, { TestSessionID: attemptId, TaskID: task!.id });
    expect(submitted.statusCode, submitted.body).toBe(200);
  });

  it('syncs the attempt: the central server keeps the time given and used, and scores it as the centre did', async () => {
    const synced = await centreCall('/api/centre/v1/local/sync', labAdmin.headers, {});
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().body.counts).toMatchObject({ complete: 1, damaged: 0, refused: 0, pending: 0 });
    const [local] = await centre.deps.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    const [remote] = await central.deps.db.select().from(examAttempts).where(eq(examAttempts.taskId, test.task.id));
    expect(remote).toBeDefined();
    expect({ status: remote!.status, scored: remote!.scored, total: remote!.total }).toEqual({ status: 'submitted', scored: local!.scored, total: local!.total });
    expect(remote!.scored).toBe(8);
    const given = (a: typeof local) => a!.deadlineAt.getTime() - a!.startedAt.getTime();
    const used = (a: typeof local) => a!.submittedAt!.getTime() - a!.startedAt.getTime();
    expect([given(remote), used(remote)]).toEqual([30 * MINUTE, 10 * MINUTE]);
    expect([given(remote), used(remote)]).toEqual([given(local), used(local)]);
  });
});
