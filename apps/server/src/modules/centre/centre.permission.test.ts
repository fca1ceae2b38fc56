import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centrePairingCodes, centreInvigilatorCodes, testSchedules } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { createTestTask } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

/**
 * Centre management by permission (decision 080): centre.manage, not the administrator's role,
 * lets staff make pairing codes, issue invigilator codes and follow a centre's sync. A client
 * gives it to its teachers (an exam coordinator) and takes it from an administrator role; the
 * holder reaches its own institute's centres only (another institute's: 404).
 */
let t: TestApp;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 6, 0, 0));
let clientId: string;
let home: TestInstitute;
let other: TestInstitute;
let coordinator: TestUser;
let instituteAdmin: TestUser;
let otherAdmin: TestUser;
let student: TestUser;
let scheduleId: number;
let otherScheduleId: number;
let centreId: number;
let otherCentreId: number;

const post = (url: string, user: TestUser | null, payload: unknown) =>
  t.call({ method: 'POST', url: `/api/centre/v1/${url}`, headers: user?.headers ?? {}, payload: payload as object });
const get = (url: string, user: TestUser | null) => t.call({ method: 'GET', url: `/api/centre/v1/${url}`, headers: user?.headers ?? {} });
const countOf = async (table: typeof centrePairingCodes | typeof centreInvigilatorCodes) => (await t.deps.db.select().from(table)).length;

/** A centre paired with the institute through the centre's own call, with a code the administrator made. */
async function pairedCentre(admin: TestUser, name: string): Promise<number> {
  const code = (await post('createPairingCode', admin, {})).json().body.code as string;
  const paired = await post('pair', null, { code, name });
  expect(paired.statusCode, paired.body).toBe(200);
  return paired.json().body.centreId as number;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  // A client of its own, so that giving its teachers the permission changes no other test's client.
  clientId = await createClient(t);
  home = await createInstitute(t, { clientId, isSchool: true });
  other = await createInstitute(t, { clientId, isSchool: true });
  coordinator = await t.createUser({ role: 'SchoolTeacher', ...placeIn(home) });
  instituteAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
  otherAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(other) });
  student = await t.createUser({ role: 'SchoolStudent', ...placeIn(home, 0) });
  const test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}] }] });
  const opensAt = new Date(clock.now().getTime() + 3_600_000);
  const closesAt = new Date(opensAt.getTime() + 3_600_000);
  const [own] = await t.deps.db.insert(testSchedules).values({ taskId: test.task.id, instituteId: home.id, opensAt, closesAt }).returning();
  const [theirs] = await t.deps.db.insert(testSchedules).values({ taskId: test.task.id, instituteId: other.id, opensAt, closesAt }).returning();
  scheduleId = own!.id;
  otherScheduleId = theirs!.id;
  centreId = await pairedCentre(instituteAdmin, 'Home lab');
  otherCentreId = await pairedCentre(otherAdmin, 'Other lab');
});

afterAll(async () => {
  await t.close();
});

describe('centre.manage', () => {
  it('is an administrator’s by default and not a teacher’s: a teacher without it is refused every management call (403) and nothing is written', async () => {
    expect(await t.app.services.roles.permissionsOf(clientId, 'InstituteAdmin')).toEqual(expect.arrayContaining(['centre.manage', 'centre.invigilate']));
    expect(await t.app.services.roles.permissionsOf(clientId, 'SchoolTeacher')).not.toContain('centre.manage');
    const [codes, invigilatorCodes] = [await countOf(centrePairingCodes), await countOf(centreInvigilatorCodes)];
    for (const res of [
      await post('createPairingCode', coordinator, {}),
      await get('list', coordinator),
      await post('issueInvigilatorCode', coordinator, { centreId, scheduleId }),
      await get(`syncState?centreId=${centreId}`, coordinator),
      await post('requestResend', coordinator, { centreId, centreAttemptId: 'never-sent-0001' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'AUTH_FORBIDDEN' } });
    }
    expect([await countOf(centrePairingCodes), await countOf(centreInvigilatorCodes)]).toEqual([codes, invigilatorCodes]);
  });

  it('given to the teachers, lets the coordinator run its own institute’s centre: pairing code, list, invigilator code, sync state', async () => {
    await t.app.services.roles.grant(clientId, 'SchoolTeacher', ['centre.manage']);
    const code = await post('createPairingCode', coordinator, {});
    expect(code.statusCode).toBe(200);
    expect(code.json().body.instituteId).toBe(home.id);
    const list = (await get('list', coordinator)).json().body;
    expect(list.institutes).toEqual([{ id: home.id, name: expect.any(String) }]);
    expect(list.items.map((c: { centreId: number }) => c.centreId)).toEqual([centreId]);
    expect(list.items[0].upcomingExams.map((e: { scheduleId: number }) => e.scheduleId)).toEqual([scheduleId]);
    const issued = await post('issueInvigilatorCode', coordinator, { centreId, scheduleId });
    expect(issued.statusCode).toBe(200);
    expect(issued.json().body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const state = await get(`syncState?centreId=${centreId}`, coordinator);
    expect(state.statusCode).toBe(200);
    expect(state.json().body).toMatchObject({ centreId });
    // A resend of an attempt the centre never sent: the centre is in reach, the attempt is not there.
    const resend = await post('requestResend', coordinator, { centreId, centreAttemptId: 'never-sent-0001' });
    expect(resend.statusCode).toBe(404);
    expect(resend.json().body.code).toBe('CENTRE_SYNC_ATTEMPT_NOT_FOUND');
  });

  it('reaches no other institute: its centre, exams and pairing codes answer 404 and nothing is written', async () => {
    const [codes, invigilatorCodes] = [await countOf(centrePairingCodes), await countOf(centreInvigilatorCodes)];
    const pairing = await post('createPairingCode', coordinator, { instituteId: other.id });
    expect(pairing.statusCode).toBe(404);
    expect(pairing.json().body.code).toBe('NOT_FOUND');
    for (const [payload, errorCode] of [
      [{ centreId: otherCentreId, scheduleId: otherScheduleId }, 'CENTRE_NOT_FOUND'],
      [{ centreId, scheduleId: otherScheduleId }, 'CENTRE_EXAM_NOT_FOUND'],
    ] as const) {
      const res = await post('issueInvigilatorCode', coordinator, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().body.code).toBe(errorCode);
    }
    const state = await get(`syncState?centreId=${otherCentreId}`, coordinator);
    expect(state.statusCode).toBe(404);
    expect(state.json().body.code).toBe('CENTRE_NOT_FOUND');
    const resend = await post('requestResend', coordinator, { centreId: otherCentreId, centreAttemptId: 'never-sent-0001' });
    expect(resend.statusCode).toBe(404);
    expect(resend.json().body.code).toBe('CENTRE_NOT_FOUND');
    expect([await countOf(centrePairingCodes), await countOf(centreInvigilatorCodes)]).toEqual([codes, invigilatorCodes]);
  });

  it('still refuses no token (401), a student (403) and bad input (400)', async () => {
    expect((await post('issueInvigilatorCode', null, { centreId, scheduleId })).statusCode).toBe(401);
    expect((await get('list', null)).statusCode).toBe(401);
    expect((await post('issueInvigilatorCode', student, { centreId, scheduleId })).statusCode).toBe(403);
    const bad = await post('issueInvigilatorCode', coordinator, { centreId: 'one', scheduleId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false, body: { code: 'VALIDATION_FAILED', fields: { centreId: expect.any(String) } } });
    expect((await get('syncState?centreId=abc', coordinator)).statusCode).toBe(400);
    expect((await post('createPairingCode', coordinator, { instituteId: 'x' })).statusCode).toBe(400);
  });

  it('taken from the institute administrators, refuses them (403) while the client’s teachers keep it', async () => {
    await t.app.services.roles.revoke(clientId, 'InstituteAdmin', ['centre.manage']);
    expect((await post('createPairingCode', instituteAdmin, {})).statusCode).toBe(403);
    expect((await get('list', instituteAdmin)).statusCode).toBe(403);
    expect((await get('list', coordinator)).statusCode).toBe(200);
    await t.app.services.roles.grant(clientId, 'InstituteAdmin', ['centre.manage']);
    expect((await get('list', instituteAdmin)).statusCode).toBe(200);
    await t.app.services.roles.revoke(clientId, 'SchoolTeacher', ['centre.manage']);
    expect((await get('list', coordinator)).statusCode).toBe(403);
  });
});
