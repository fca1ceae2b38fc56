import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentLinks } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let school: TestInstitute;
let otherSchool: TestInstitute;
let admin: TestUser;
let instituteAdmin: TestUser;
let otherInstituteAdmin: TestUser;
let teacher: TestUser;
let student: TestUser;
let otherClientAdmin: TestUser;

const list = (user: TestUser | null, query = '') => t.call({ method: 'GET', url: `/api/audit/v1/list${query}`, headers: user?.headers ?? {} });
const actorOf = (user: TestUser) => t.app.services.auth.resolveToken(user.token);

beforeAll(async () => {
  t = await createTestApp();
  school = await createInstitute(t);
  otherSchool = await createInstitute(t);
  const otherClient = await createClient(t);
  const elsewhere = await createInstitute(t, { clientId: otherClient });
  admin = await t.createUser({ role: 'ClientAdmin', firstName: 'Suresh', ...placeIn(school) });
  instituteAdmin = await t.createUser({ role: 'InstituteAdmin', firstName: 'Revathi', ...placeIn(school) });
  otherInstituteAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(otherSchool) });
  teacher = await t.createUser({ role: 'SchoolTeacher', firstName: 'Kavitha', ...placeIn(school) });
  student = await t.createUser({ role: 'Student', firstName: 'Priya', ...placeIn(school, 0) });
  otherClientAdmin = await t.createUser({ role: 'ClientAdmin', ...placeIn(elsewhere) });
  const theirStudent = await t.createUser({ role: 'Student', ...placeIn(elsewhere, 0) });

  // A day apart, so the date filter has something to cut.
  await recordAudit(t.deps.db, await actorOf(teacher), {
    action: 'grading.mark',
    targetType: 'attempt',
    targetId: 'a-1',
    targetUserId: student.id,
    before: { marks: 2 },
    after: { marks: 4 },
    reason: 'Re-checked',
  });
  await recordAudit(t.deps.db, await actorOf(teacher), { action: 'students.resetPassword', targetType: 'user', targetId: student.id, targetUserId: student.id });
  await recordAudit(t.deps.db, await actorOf(otherInstituteAdmin), { action: 'grading.mark', targetType: 'attempt', targetId: 'b-1' });
  await recordAudit(t.deps.db, await actorOf(otherClientAdmin), { action: 'grading.mark', targetType: 'attempt', targetId: 'secret-x', targetUserId: theirStudent.id, before: { marks: 0 }, after: { marks: 9 } });
});
afterAll(async () => t.close());

describe('audit/v1/list', () => {
  it('shows a client admin the client’s rows, newest first, with names, before and after', async () => {
    const res = await list(admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body.total).toBe(3);
    expect(body.items.map((i: { targetId: string }) => i.targetId)).toEqual(['b-1', String(student.id), 'a-1']);
    expect(body.items[2]).toMatchObject({ action: 'grading.mark', actorName: expect.stringContaining('Kavitha'), targetName: expect.stringContaining('Priya'), before: { marks: 2 }, after: { marks: 4 }, reason: 'Re-checked' });
    expect(body.actions).toEqual(['grading.mark', 'students.resetPassword']);
    expect(body.actors.map((a: { userId: number }) => a.userId).sort()).toEqual([teacher.id, otherInstituteAdmin.id].sort());
    expect(body.targets).toEqual([{ userId: student.id, displayName: expect.stringContaining('Priya') }]);
  });

  it('never shows another client’s rows, nor another institute’s to an institute admin', async () => {
    expect(JSON.stringify((await list(admin)).json())).not.toContain('secret-x');
    const mine = (await list(instituteAdmin)).json().body;
    expect(mine.items.map((i: { targetId: string }) => i.targetId).sort()).toEqual(['a-1', String(student.id)].sort());
    const theirs = (await list(otherClientAdmin)).json().body;
    expect(theirs.targets.map((p: { userId: number }) => p.userId)).not.toContain(student.id);
    expect(theirs.items.map((i: { targetId: string }) => i.targetId)).toEqual(['secret-x']);
    // Filtering by a user of another client finds nothing.
    expect((await list(otherClientAdmin, `?targetUserId=${student.id}`)).json().body.items).toEqual([]);
  });

  it('filters by action (or its domain), actor, target user and dates, and pages', async () => {
    expect((await list(admin, '?action=grading.mark')).json().body.total).toBe(2);
    expect((await list(admin, '?action=students')).json().body.total).toBe(1);
    expect((await list(admin, '?action=grad')).json().body.total).toBe(0);
    expect((await list(admin, '?action=%25')).json().body.total).toBe(0);
    expect((await list(admin, `?actorUserId=${otherInstituteAdmin.id}`)).json().body.items.map((i: { targetId: string }) => i.targetId)).toEqual(['b-1']);
    expect((await list(admin, `?targetUserId=${student.id}`)).json().body.total).toBe(2);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list(admin, `?from=${encodeURIComponent(future)}`)).json().body.total).toBe(0);
    expect((await list(admin, `?to=${encodeURIComponent(future)}`)).json().body.total).toBe(3);
    const page2 = (await list(admin, '?pageSize=2&page=2')).json().body;
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((i: { targetId: string }) => i.targetId)).toEqual(['a-1']);
  });

  it('answers bad filters with 400 and a clear message', async () => {
    for (const query of ['?pageSize=1000', '?page=0', '?actorUserId=abc', '?from=yesterday', `?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z`]) {
      const res = await list(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).not.toBe('');
    }
    expect((await list(admin, '?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z')).json().message).toMatch(/start date/);
  });

  it('refuses without a token (401), a student, parent or teacher (403), and an admin whose permission was removed (403)', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(student)).statusCode).toBe(403);
    expect((await list(teacher)).statusCode).toBe(403);
    const parent = await t.createUser({ role: 'Parent' });
    await t.deps.db.insert(parentLinks).values({ parentUserId: parent.id, studentUserId: student.id });
    const asParent = await list(parent, `?targetUserId=${student.id}`);
    expect(asParent.statusCode).toBe(403);
    expect(asParent.json()).toMatchObject({ status: false, body: { code: 'AUTH_FORBIDDEN' } });
    await t.app.services.roles.revoke('neetprep', 'InstituteAdmin', ['audit.view']);
    try {
      expect((await list(instituteAdmin)).statusCode).toBe(403);
      expect((await list(admin)).statusCode).toBe(200);
    } finally {
      await t.app.services.roles.grant('neetprep', 'InstituteAdmin', ['audit.view']);
    }
  });
});
