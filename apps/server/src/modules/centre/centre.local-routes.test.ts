import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centreIdentity } from '../../db/schema/index.js';
import { createClient, createInstitute, placeIn } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

/**
 * A centre server's local calls before it is paired, with its central server out of reach (a port
 * nobody listens on): what the centre's screen shows when the link is down. The paired centre,
 * staging and unlocking against a real central server are in centre.processes.test.ts.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let student: TestUser;

const call = (method: 'GET' | 'POST', url: string, user: TestUser | null, payload?: object) =>
  t.call({ method, url: `/api/centre/v1/${url}`, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp({ env: { SERVER_ROLE: 'centre', CENTRAL_URL: 'http://127.0.0.1:9' } });
  const lab = await createInstitute(t);
  admin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(lab) });
  teacher = await t.createUser({ role: 'Teacher', ...placeIn(lab) });
  student = await t.createUser({ role: 'Student', ...placeIn(lab, 0) });
});

afterAll(async () => {
  await t.close();
});

describe("a centre server's local calls", () => {
  it('says publicly that it is a centre, and has no central calls', async () => {
    expect((await call('GET', 'serverRole', null)).json()).toMatchObject({ status: true, body: { role: 'centre' } });
    expect((await call('GET', 'list', admin)).statusCode).toBe(404);
    expect((await call('POST', 'createPairingCode', admin, {})).statusCode).toBe(404);
  });

  it('shows its staff that it is not paired, and refuses no token (401) and students (403)', async () => {
    const res = await call('GET', 'local/status', teacher);
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ isPaired: false, centreId: null, centralUrl: 'http://127.0.0.1:9', exams: [] });
    expect((await call('GET', 'local/status', null)).statusCode).toBe(401);
    expect((await call('GET', 'local/status', student)).statusCode).toBe(403);
  });

  it('refuses pairing by a teacher (403), with a malformed code (400) or with the central server out of reach (503), and stores nothing', async () => {
    expect((await call('POST', 'local/pair', teacher, { code: 'ABCD-EFGH-JKMN', name: 'Lab 1' })).statusCode).toBe(403);
    const malformed = await call('POST', 'local/pair', admin, { code: 'ILOU', name: 'Lab 1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: false, body: { code: 'VALIDATION_FAILED', fields: { code: expect.any(String) } } });
    const down = await call('POST', 'local/pair', admin, { code: 'ABCD-EFGH-JKMN', name: 'Lab 1' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: false, body: { code: 'CENTRE_CENTRAL_UNREACHABLE' } });
    expect(await t.deps.db.select().from(centreIdentity)).toEqual([]);
  });

  it('refuses staging and unlocking before pairing, in the envelope, and records nothing', async () => {
    const before = (await t.deps.db.select().from(auditLog)).length;
    const stage = await call('POST', 'local/stage', teacher, {});
    expect(stage.statusCode).toBe(409);
    expect(stage.json()).toMatchObject({ status: false, body: { code: 'CENTRE_NOT_PAIRED' } });
    const unlock = await call('POST', 'local/unlock', teacher, { scheduleId: 1, code: 'ABCD-EFGH-JKMN' });
    expect(unlock.json()).toMatchObject({ status: false, body: { code: 'CENTRE_NOT_PAIRED' } });
    expect((await call('POST', 'local/unlock', teacher, { scheduleId: 'x' })).statusCode).toBe(400);
    expect((await call('POST', 'local/unlock', null, { scheduleId: 1 })).statusCode).toBe(401);
    expect((await call('POST', 'local/unlock', student, { scheduleId: 1 })).statusCode).toBe(403);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(before);
  });

  it('follows the permissions (decision 080): without centre.invigilate a teacher is refused every local call, and with centre.manage may pair', async () => {
    // A client of its own, so that its role configuration changes nothing else here.
    const clientId = await createClient(t);
    const lab = await createInstitute(t, { clientId });
    const invigilator = await t.createUser({ role: 'Teacher', ...placeIn(lab) });
    expect((await call('GET', 'local/status', invigilator)).statusCode).toBe(200);
    await t.app.services.roles.revoke(clientId, 'Teacher', ['centre.invigilate']);
    for (const res of [
      await call('GET', 'local/status', invigilator),
      await call('POST', 'local/stage', invigilator, {}),
      await call('POST', 'local/unlock', invigilator, { scheduleId: 1, code: 'ABCD-EFGH-JKMN' }),
      await call('POST', 'local/sync', invigilator, {}),
      await call('GET', 'local/room?scheduleId=1', invigilator),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'AUTH_FORBIDDEN' } });
    }
    await t.app.services.roles.grant(clientId, 'Teacher', ['centre.manage']);
    // Past the permission, the pairing reaches for the central server, which is out of reach here.
    const pair = await call('POST', 'local/pair', invigilator, { code: 'ABCD-EFGH-JKMN', name: 'Lab 2' });
    expect(pair.statusCode).toBe(503);
    expect(pair.json().body.code).toBe('CENTRE_CENTRAL_UNREACHABLE');
    expect(await t.deps.db.select().from(centreIdentity)).toEqual([]);
  });
});
