import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centrePairingCodes, centres, centreInvigilatorCodes, testSchedules } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { createTestTask, type BuiltTest } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { openPaper, unwrapKeyWithCode } from './centre.envelope.js';

/** The central server's side of exam centres, through the API on the test database. */
let t: TestApp;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 6, 0, 0));
let home: TestInstitute;
let other: TestInstitute;
let foreign: TestInstitute;
let instituteAdmin: TestUser;
let otherAdmin: TestUser;
let clientAdmin: TestUser;
let foreignClientAdmin: TestUser;
let teacher: TestUser;
let student: TestUser;
let otherStudent: TestUser;
let test: BuiltTest;
let scheduleId: number;
let otherScheduleId: number;
const SECRET_TEXT = 'Which pigment absorbs red light? chlorophyll-secret-marker';

const post = (url: string, user: TestUser | null, payload: unknown, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `/api/centre/v1/${url}`, headers: { ...(user?.headers ?? {}), ...headers }, payload: payload as object });
const countOf = async (table: typeof centres | typeof centrePairingCodes | typeof centreInvigilatorCodes) => (await t.deps.db.select().from(table)).length;

beforeAll(async () => {
  t = await createTestApp({ clock });
  home = await createInstitute(t);
  other = await createInstitute(t);
  const foreignClient = await createClient(t);
  foreign = await createInstitute(t, { clientId: foreignClient });
  instituteAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
  otherAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(other) });
  clientAdmin = await t.createUser({ role: 'ClientAdmin', clientId: home.clientId });
  foreignClientAdmin = await t.createUser({ role: 'ClientAdmin', clientId: foreignClient });
  teacher = await t.createUser({ role: 'Teacher', ...placeIn(home) });
  student = await t.createUser({ role: 'Student', ...placeIn(home, 0) });
  otherStudent = await t.createUser({ role: 'Student', ...placeIn(other, 0) });
  test = await createTestTask(t.deps.db, { sections: [{ questions: [{ data: SECRET_TEXT }, {}] }] });
  const opensAt = new Date(clock.now().getTime() + 3 * 3_600_000);
  const closesAt = new Date(opensAt.getTime() + 4 * 3_600_000);
  const [own] = await t.deps.db.insert(testSchedules).values({ taskId: test.task.id, instituteId: home.id, opensAt, closesAt }).returning();
  const [theirs] = await t.deps.db.insert(testSchedules).values({ taskId: test.task.id, instituteId: other.id, opensAt, closesAt }).returning();
  scheduleId = own!.id;
  otherScheduleId = theirs!.id;
});

afterAll(async () => {
  await t.close();
});

let code: string;
let credential: string;
let centreId: number;

describe('pairing codes', () => {
  it('are made for their own institute by its administrator, and for an institute of the client by the client administrator', async () => {
    const res = await post('createPairingCode', instituteAdmin, {});
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(body.instituteId).toBe(home.id);
    expect(new Date(body.expiresAt).getTime() - clock.now().getTime()).toBe(15 * 60_000);
    code = body.code;
    const byClient = await post('createPairingCode', clientAdmin, { instituteId: other.id });
    expect(byClient.statusCode).toBe(200);
    expect(byClient.json().body.instituteId).toBe(other.id);
    // Only the hash is kept.
    const rows = await t.deps.db.select().from(centrePairingCodes);
    expect(rows.map((r) => r.codeHash)).not.toContain(code.replaceAll('-', ''));
    expect(JSON.stringify(rows)).not.toContain(code.replaceAll('-', ''));
  });

  it('answer 404 for an institute out of reach and change nothing', async () => {
    const before = await countOf(centrePairingCodes);
    for (const [user, instituteId] of [
      [instituteAdmin, other.id],
      [clientAdmin, foreign.id],
      [foreignClientAdmin, home.id],
      [clientAdmin, 999_999],
    ] as const) {
      const res = await post('createPairingCode', user, { instituteId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'NOT_FOUND' } });
    }
    // A client administrator has no institute of their own.
    expect((await post('createPairingCode', clientAdmin, {})).statusCode).toBe(404);
    expect(await countOf(centrePairingCodes)).toBe(before);
  });

  it('refuse no token (401), other roles (403) and bad input (400) without writing', async () => {
    const before = await countOf(centrePairingCodes);
    expect((await post('createPairingCode', null, {})).statusCode).toBe(401);
    expect((await post('createPairingCode', teacher, {})).statusCode).toBe(403);
    expect((await post('createPairingCode', student, {})).statusCode).toBe(403);
    const bad = await post('createPairingCode', clientAdmin, { instituteId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false, body: { code: 'VALIDATION_FAILED', fields: { instituteId: expect.any(String) } } });
    expect(await countOf(centrePairingCodes)).toBe(before);
  });
});

describe('pairing a centre', () => {
  it('pairs once with a code (any case, spaces or hyphens) and gives the centre a credential whose hash alone is kept', async () => {
    const res = await post('pair', null, { code: code.toLowerCase().replaceAll('-', ' '), name: 'Lab 1' });
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body).toMatchObject({ instituteId: home.id, clientId: home.clientId });
    credential = body.credential;
    centreId = body.centreId;
    const [row] = await t.deps.db.select().from(centres).where(eq(centres.id, centreId));
    expect(row!.credentialHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(credential.split('.')[1]!);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'centre.pair'));
    expect(audits).toHaveLength(1);
  });

  it('refuses a replayed, malformed or expired code in the envelope and pairs nothing', async () => {
    const before = await countOf(centres);
    const replay = await post('pair', null, { code, name: 'Lab 2' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ status: false, body: { code: 'CENTRE_PAIRING_CODE_INVALID' } });
    const malformed = await post('pair', null, { code: 'ILOU-0000', name: 'Lab 2' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: false, body: { code: 'VALIDATION_FAILED', fields: { code: expect.any(String) } } });
    expect((await post('pair', null, { code: 'ABCD-EFGH-JKMN', name: '' })).statusCode).toBe(400);
    const fresh = (await post('createPairingCode', instituteAdmin, {})).json().body.code as string;
    clock.advance(15 * 60_000 + 1);
    const expired = await post('pair', null, { code: fresh, name: 'Lab 2' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().body.code).toBe('CENTRE_PAIRING_CODE_INVALID');
    expect(await countOf(centres)).toBe(before);
  });
});

describe('staging', () => {
  it('refuses a call without the credential, with a wrong one, or with a user token', async () => {
    for (const authorization of [undefined, 'Centre nonsense', `Centre ${centreId}.${'A'.repeat(43)}`, `Bearer ${credential}`, instituteAdmin.headers.authorization!]) {
      const res = await post('stage', null, {}, authorization ? { authorization } : {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'CENTRE_CREDENTIAL_INVALID' } });
    }
    expect((await post('stage', null, { aheadHours: 0 }, { authorization: `Centre ${credential}` })).statusCode).toBe(400);
  });

  it("gives the centre its institute's exams, sealed, and its institute's students only", async () => {
    const res = await post('stage', null, {}, { authorization: `Centre ${credential}` });
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body.exams.map((e: { scheduleId: number }) => e.scheduleId)).toEqual([scheduleId]);
    expect(body.roster.map((r: { userId: number }) => r.userId)).toEqual([student.id]);
    expect(body.roster[0]).toMatchObject({ username: student.username, scheduleIds: [scheduleId], passwordHash: expect.stringMatching(/^\$argon2id\$/) });
    expect(res.body).not.toContain('chlorophyll');
    expect(res.body).not.toContain(String(otherStudent.username));
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'centre.stage'));
    expect(audits.at(-1)!.after).toEqual({ scheduleIds: [scheduleId], students: 1 });
  });
});

describe('releasing the key', () => {
  const release = (id: number | string) => post('releaseKey', null, { scheduleId: id }, { authorization: `Centre ${credential}` });

  it('refuses before the scheduled start, for another institute, and bad input', async () => {
    const early = await release(scheduleId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ status: false, body: { code: 'CENTRE_EXAM_NOT_STARTED' } });
    expect((await release(otherScheduleId)).json()).toMatchObject({ status: false, body: { code: 'CENTRE_EXAM_NOT_FOUND' } });
    expect((await release(otherScheduleId)).statusCode).toBe(404);
    expect((await release('x')).statusCode).toBe(400);
    expect((await post('releaseKey', null, { scheduleId })).statusCode).toBe(401);
  });

  it('releases the key that opens the staged paper from the start on', async () => {
    const staged = (await post('stage', null, {}, { authorization: `Centre ${credential}` })).json().body;
    clock.set(new Date(staged.exams[0].opensAt));
    const res = await release(scheduleId);
    expect(res.statusCode).toBe(200);
    const paper = await openPaper<{ questionVersionTexts: { data: string }[]; servedSet: unknown[]; task: { id: number } }>(staged.exams[0].paper, res.json().body.dataKey, scheduleId);
    expect(paper.task.id).toBe(test.task.id);
    expect(paper.servedSet).toHaveLength(2);
    expect(paper.questionVersionTexts.map((row) => row.data)).toContain(SECRET_TEXT);
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'centre.releaseKey'))).length).toBe(1);
  });
});

describe('invigilator codes', () => {
  it('are issued per exam and centre, and the staged wrap opens with the code for that exam and centre only', async () => {
    const res = await post('issueInvigilatorCode', instituteAdmin, { centreId, scheduleId });
    expect(res.statusCode).toBe(200);
    const issued = res.json().body;
    const staged = (await post('stage', null, {}, { authorization: `Centre ${credential}` })).json().body;
    const wraps = staged.exams[0].invigilatorWraps;
    expect(wraps).toHaveLength(1);
    const dataKey = await unwrapKeyWithCode(wraps[0].wrap, issued.code.replaceAll('-', ''), { centreId, scheduleId });
    const paper = await openPaper<{ scheduleId: number }>(staged.exams[0].paper, dataKey, scheduleId);
    expect(paper.scheduleId).toBe(scheduleId);
    await expect(unwrapKeyWithCode(wraps[0].wrap, issued.code.replaceAll('-', ''), { centreId: centreId + 1, scheduleId })).rejects.toThrow();
    expect((await t.deps.db.select().from(centreInvigilatorCodes))[0]!.wrap).not.toHaveProperty('aad');
  });

  it('answer 404 for a centre or exam out of reach, 401/403 for no token or a wrong role, 400 for bad input, and write nothing', async () => {
    const before = await countOf(centreInvigilatorCodes);
    const outOfReach = [
      [otherAdmin, { centreId, scheduleId }, 'CENTRE_NOT_FOUND'],
      [foreignClientAdmin, { centreId, scheduleId }, 'CENTRE_NOT_FOUND'],
      [instituteAdmin, { centreId: 999_999, scheduleId }, 'CENTRE_NOT_FOUND'],
      [instituteAdmin, { centreId, scheduleId: otherScheduleId }, 'CENTRE_EXAM_NOT_FOUND'],
    ] as const;
    for (const [user, payload, errorCode] of outOfReach) {
      const res = await post('issueInvigilatorCode', user, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().body.code).toBe(errorCode);
    }
    expect((await post('issueInvigilatorCode', null, { centreId, scheduleId })).statusCode).toBe(401);
    expect((await post('issueInvigilatorCode', teacher, { centreId, scheduleId })).statusCode).toBe(403);
    expect((await post('issueInvigilatorCode', instituteAdmin, { centreId: 'one', scheduleId })).statusCode).toBe(400);
    expect(await countOf(centreInvigilatorCodes)).toBe(before);
    // The client administrator reaches the centre of an institute of the client.
    expect((await post('issueInvigilatorCode', clientAdmin, { centreId, scheduleId })).statusCode).toBe(200);
  });
});

describe('the list of centres', () => {
  it('shows each administrator the centres in reach with their last contact and staged exams', async () => {
    const own = (await t.call({ method: 'GET', url: '/api/centre/v1/list', headers: instituteAdmin.headers })).json().body;
    expect(own.items).toHaveLength(1);
    expect(own.items[0]).toMatchObject({ centreId, name: 'Lab 1', instituteId: home.id, lastContactAt: expect.any(String) });
    expect(own.items[0].stagedExams).toEqual([expect.objectContaining({ scheduleId, keyReleasedAt: expect.any(String), invigilatorCodes: 2 })]);
    // The institute's windows not yet closed, for issuing codes: its own only, with this centre's codes counted.
    expect(own.items[0].upcomingExams).toEqual([{ scheduleId, title: test.task.name, opensAt: expect.any(String), closesAt: expect.any(String), invigilatorCodes: 2 }]);
    expect(own.institutes).toEqual([{ id: home.id, name: expect.any(String) }]);
    const ofClient = (await t.call({ method: 'GET', url: '/api/centre/v1/list', headers: clientAdmin.headers })).json().body;
    expect(ofClient.items).toHaveLength(1);
    expect(ofClient.institutes.map((i: { id: number }) => i.id).sort()).toEqual([home.id, other.id].sort());
    expect((await t.call({ method: 'GET', url: '/api/centre/v1/list', headers: foreignClientAdmin.headers })).json().body.institutes.map((i: { id: number }) => i.id)).toEqual([foreign.id]);
    expect((await t.call({ method: 'GET', url: '/api/centre/v1/list', headers: otherAdmin.headers })).json().body.items).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/centre/v1/list', headers: foreignClientAdmin.headers })).json().body.items).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/centre/v1/list', headers: teacher.headers })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/centre/v1/list' })).statusCode).toBe(401);
  });
});

describe('the roles', () => {
  it('says publicly that this server is the central one', async () => {
    const res = await t.call({ method: 'GET', url: '/api/centre/v1/serverRole' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, body: { role: 'central' } });
  });

  it("a central server has no centre's local calls", async () => {
    const res = await t.call({ method: 'GET', url: '/api/centre/v1/local/status', headers: instituteAdmin.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, body: { code: 'ROUTE_NOT_FOUND' } });
  });
});

describe('pairing attempts', () => {
  it('are rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await post('pair', null, { code: 'ABCD-EFGH-JKMN', name: 'Lab 3' })).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429 && s !== 400)).toEqual([]);
  });
});
