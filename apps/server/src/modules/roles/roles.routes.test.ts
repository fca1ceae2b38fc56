import { PERMISSIONS, permissionsOfTabs } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, parentLinks, rolePermissions, staffClassAssignments, teacherPermissions, users } from '../../db/schema/index.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let school: TestInstitute;
let otherSchool: TestInstitute;
let admin: TestUser;
let instituteAdmin: TestUser;
let teacher: TestUser;
let student: TestUser;
let otherClientAdmin: TestUser;
let otherClient: string;

const get = (user: TestUser | null, url: string) => t.call({ method: 'GET', url: `/api${url}`, headers: user?.headers ?? {} });
const post = (user: TestUser | null, url: string, payload: object) => t.call({ method: 'POST', url: `/api${url}`, headers: user?.headers ?? {}, payload });
const tabsOf = async (user: TestUser) =>
  (await get(user, '/teacher/v1/getUserInfo')).json().body.Details.Permissions.map((tab: { TabName: string }) => tab.TabName) as string[];
const schoolTeacherPermissions = async () => (await get(admin, '/roles/v1/config')).json().body.roles.find((r: { role: string }) => r.role === 'SchoolTeacher').permissions as string[];
const auditRows = () => t.deps.db.select().from(auditLog);

beforeAll(async () => {
  t = await createTestApp();
  school = await createInstitute(t);
  otherSchool = await createInstitute(t);
  otherClient = await createClient(t);
  const elsewhere = await createInstitute(t, { clientId: otherClient });
  admin = await t.createUser({ role: 'ClientAdmin', ...placeIn(school) });
  instituteAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(school) });
  teacher = await t.createUser({ role: 'SchoolTeacher', firstName: 'Kavitha', ...placeIn(school) });
  student = await t.createUser({ role: 'Student', ...placeIn(school, 0) });
  otherClientAdmin = await t.createUser({ role: 'ClientAdmin', ...placeIn(elsewhere) });
});
afterAll(async () => t.close());

describe('roles/v1/config', () => {
  it('lists each configurable role’s actions in the admin’s client', async () => {
    const res = await get(admin, '/roles/v1/config');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body).toMatchObject({ clientId: 'neetprep', canEdit: true });
    expect(body.roles.map((r: { role: string }) => r.role)).toEqual(['Teacher', 'SchoolTeacher', 'InstituteAdmin', 'ClientAdmin', 'Institution']);
    expect(body.roles.find((r: { role: string }) => r.role === 'ClientAdmin').permissions).toEqual([...PERMISSIONS]);
    // An institute admin reads the client's matrix but does not change it.
    expect((await get(instituteAdmin, '/roles/v1/config')).json().body.canEdit).toBe(false);
  });

  it('refuses without a token (401), a student or a teacher (403)', async () => {
    expect((await get(null, '/roles/v1/config')).statusCode).toBe(401);
    expect((await get(student, '/roles/v1/config')).statusCode).toBe(403);
    expect((await get(teacher, '/roles/v1/config')).statusCode).toBe(403);
  });

  it('never shows another client’s rows', async () => {
    await t.app.services.roles.revokeTabs(otherClient, 'SchoolTeacher', ['Exam Report']);
    expect(await schoolTeacherPermissions()).toContain('proctoring.viewFrames');
    const theirs = (await get(otherClientAdmin, '/roles/v1/config')).json().body;
    expect(theirs.clientId).toBe(otherClient);
    expect(theirs.roles.find((r: { role: string }) => r.role === 'SchoolTeacher').permissions).not.toContain('proctoring.viewFrames');
  });
});

describe('roles/v1/saveConfig', () => {
  it('takes a tab from a role: the menu and the server refuse it on the next request; audited; given back, both return', async () => {
    const testSchedule = permissionsOfTabs(['Test Schedule']);
    const examReport = permissionsOfTabs(['Exam Report']);
    expect(await tabsOf(teacher)).toEqual(expect.arrayContaining(['Test Schedule', 'Exam Report']));
    // The teacher's session is cached by now; the change must still be seen at once.
    const before = await schoolTeacherPermissions();
    const without = before.filter((p) => !examReport.includes(p as never) && !testSchedule.includes(p as never));
    const res = await post(admin, '/roles/v1/saveConfig', { roles: [{ role: 'SchoolTeacher', permissions: without }], reason: 'Exam reports go through the office' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/saved/);
    expect(await tabsOf(teacher)).not.toContain('Exam Report');
    expect(await tabsOf(teacher)).not.toContain('Test Schedule');
    const frames = await get(teacher, '/task/v1/attemptPhotos?attemptId=00000000-0000-4000-8000-000000000000');
    expect(frames.statusCode).toBe(403);

    const [entry] = (await auditRows()).filter((row) => row.action === 'roles.saveConfig');
    expect(entry).toMatchObject({ clientId: 'neetprep', actorUserId: admin.id, targetType: 'client', targetId: 'neetprep', reason: 'Exam reports go through the office' });
    expect((entry!.before as Record<string, string[]>).SchoolTeacher).toEqual(expect.arrayContaining(examReport));
    expect((entry!.after as Record<string, string[]>).SchoolTeacher).not.toContain('proctoring.viewFrames');

    expect((await post(admin, '/roles/v1/saveConfig', { roles: [{ role: 'SchoolTeacher', permissions: before }] })).statusCode).toBe(200);
    expect(await tabsOf(teacher)).toEqual(expect.arrayContaining(['Test Schedule', 'Exam Report']));
    expect((await get(teacher, '/task/v1/attemptPhotos?attemptId=00000000-0000-4000-8000-000000000000')).statusCode).not.toBe(403);
  });

  it('writes nothing (and no audit row) when nothing changes', async () => {
    const count = (await auditRows()).length;
    const res = await post(admin, '/roles/v1/saveConfig', { roles: [{ role: 'SchoolTeacher', permissions: await schoolTeacherPermissions() }] });
    expect(res.statusCode).toBe(200);
    expect((await auditRows()).length).toBe(count);
  });

  it('refuses a change that leaves nobody able to configure roles (409, nothing written)', async () => {
    const adminRoles = ['ClientAdmin', 'InstituteAdmin'].map((role) => ({ role, permissions: PERMISSIONS.filter((p) => p !== 'roles.manage') }));
    const count = (await auditRows()).length;
    const res = await post(admin, '/roles/v1/saveConfig', { roles: adminRoles });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: false, body: { code: 'ROLES_LOCKOUT' } });
    expect(res.json().message).toMatch(/nobody able to configure roles/);
    const tn = await t.call({ method: 'POST', url: '/api/roles/v1/saveConfig', headers: { ...admin.headers, language: 'tn' }, payload: { roles: adminRoles } });
    expect(tn.json().message).toMatch(/பங்குகளை/);
    expect((await t.app.services.roles.permissionsOf('neetprep', 'ClientAdmin'))).toContain('roles.manage');
    expect((await auditRows()).length).toBe(count);
    // Taking it from one admin role while the other keeps it (and has an account) is allowed.
    const ok = await post(admin, '/roles/v1/saveConfig', { roles: [adminRoles[1]!] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await post(admin, '/roles/v1/saveConfig', { roles: [{ role: 'InstituteAdmin', permissions: [...PERMISSIONS] }] })).statusCode).toBe(200);
  });

  it('counts only accounts that could still open Role Configuration (inactive or narrowed ones do not)', async () => {
    const lone = await createClient(t);
    const loneSchool = await createInstitute(t, { clientId: lone });
    const loneAdmin = await t.createUser({ role: 'ClientAdmin', ...placeIn(loneSchool) });
    const narrowed = await t.createUser({ role: 'InstituteAdmin', ...placeIn(loneSchool) });
    await t.deps.db.insert(teacherPermissions).values({ userId: narrowed.id, tabName: 'Dashboard', url: '/dashboard' });
    const res = await post(loneAdmin, '/roles/v1/saveConfig', { roles: [{ role: 'ClientAdmin', permissions: ['dashboard.view'] }] });
    expect(res.statusCode).toBe(409);
    await t.deps.db.delete(teacherPermissions).where(eq(teacherPermissions.userId, narrowed.id));
    expect((await post(loneAdmin, '/roles/v1/saveConfig', { roles: [{ role: 'ClientAdmin', permissions: ['dashboard.view'] }] })).statusCode).toBe(200);
    // The admin who gave it away is refused from the next request on.
    expect((await get(loneAdmin, '/roles/v1/config')).statusCode).toBe(403);
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, narrowed.id));
    const back = await t.app.services.roles.permissionsOf(lone, 'InstituteAdmin');
    expect(back).toContain('roles.manage');
  });

  it('answers bad input with 400 and a clear message, writing nothing', async () => {
    const before = await t.deps.db.select().from(rolePermissions).where(and(eq(rolePermissions.clientId, 'neetprep'), eq(rolePermissions.role, 'SchoolTeacher')));
    for (const payload of [
      { roles: [{ role: 'SchoolTeacher', permissions: ['no.such'] }] },
      { roles: [{ role: 'Student', permissions: [] }] },
      { roles: [] },
      { roles: [{ role: 'SchoolTeacher', permissions: [] }, { role: 'SchoolTeacher', permissions: [] }] },
      { roles: [{ role: 'SchoolTeacher', permissions: [] }], reason: 'x'.repeat(501) },
      { roles: 'all' },
    ]) {
      const res = await post(admin, '/roles/v1/saveConfig', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().status).toBe(false);
      expect(res.json().message).not.toBe('');
    }
    expect((await post(admin, '/roles/v1/saveConfig', { roles: [{ role: 'SchoolTeacher', permissions: ['no.such'] }] })).json().message).toMatch(/permissions does not exist/);
    const after = await t.deps.db.select().from(rolePermissions).where(and(eq(rolePermissions.clientId, 'neetprep'), eq(rolePermissions.role, 'SchoolTeacher')));
    expect(after).toHaveLength(before.length);
  });

  it('refuses without a token (401), a student, a teacher or an institute admin (403), and an admin whose permission was removed (403)', async () => {
    const payload = { roles: [{ role: 'Institution', permissions: ['reports.view'] }] };
    expect((await post(null, '/roles/v1/saveConfig', payload)).statusCode).toBe(401);
    expect((await post(student, '/roles/v1/saveConfig', payload)).statusCode).toBe(403);
    expect((await post(teacher, '/roles/v1/saveConfig', payload)).statusCode).toBe(403);
    expect((await post(instituteAdmin, '/roles/v1/saveConfig', payload)).statusCode).toBe(403);
    const narrowedAdmin = await t.createUser({ role: 'ClientAdmin', ...placeIn(school) });
    await t.deps.db.insert(teacherPermissions).values({ userId: narrowedAdmin.id, tabName: 'Dashboard', url: '/dashboard' });
    t.app.services.auth.forgetCachedSessions(narrowedAdmin.id);
    expect((await post(narrowedAdmin, '/roles/v1/saveConfig', payload)).statusCode).toBe(403);
    expect((await get(narrowedAdmin, '/roles/v1/config')).statusCode).toBe(403);
    expect(await t.app.services.roles.permissionsOf('neetprep', 'Institution')).toContain('support.contact');
  });
});

describe('roles/v1/staff and roles/v1/assignClasses', () => {
  it('lists the teachers in reach with their classes, and the classes to choose from', async () => {
    const elsewhereTeacher = await t.createUser({ role: 'Teacher', ...placeIn(otherSchool) });
    const asClientAdmin = (await get(admin, '/roles/v1/staff')).json().body;
    expect(asClientAdmin.staff.map((s: { userId: number }) => s.userId)).toEqual(expect.arrayContaining([teacher.id, elsewhereTeacher.id]));
    expect(asClientAdmin.staff.map((s: { userId: number }) => s.userId)).not.toContain(admin.id);
    const asInstituteAdmin = (await get(instituteAdmin, '/roles/v1/staff')).json().body;
    expect(asInstituteAdmin.staff.map((s: { userId: number }) => s.userId)).toContain(teacher.id);
    expect(asInstituteAdmin.staff.map((s: { userId: number }) => s.userId)).not.toContain(elsewhereTeacher.id);
    expect(asInstituteAdmin.institutes).toHaveLength(1);
    expect(asInstituteAdmin.institutes[0].classes[0].sections).toHaveLength(2);
    expect((await get(otherClientAdmin, '/roles/v1/staff')).json().body.staff.map((s: { userId: number }) => s.userId)).not.toContain(teacher.id);
    expect((await get(null, '/roles/v1/staff')).statusCode).toBe(401);
    expect((await get(teacher, '/roles/v1/staff')).statusCode).toBe(403);
  });

  it('sets a teacher’s classes, narrowing what they reach at once; audited with before and after', async () => {
    const choice = [{ classId: school.classes[1]!.id, sectionId: school.classes[1]!.sections[0] }];
    const res = await post(instituteAdmin, '/roles/v1/assignClasses', { userId: teacher.id, classes: choice, reason: 'Takes 12 A this year' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ userId: teacher.id, classes: choice });
    const actor = await t.app.services.auth.resolveToken(teacher.token);
    expect(actor.classes).toEqual(choice);
    const entry = (await auditRows()).find((row) => row.action === 'roles.assignClasses');
    expect(entry).toMatchObject({ targetUserId: teacher.id, instituteId: school.id, reason: 'Takes 12 A this year', before: { classes: [] }, after: { classes: choice } });
    expect((await post(admin, '/roles/v1/assignClasses', { userId: teacher.id, classes: [] })).statusCode).toBe(200);
    expect((await t.app.services.auth.resolveToken(teacher.token)).classes).toEqual([]);
  });

  it('answers 404 for a teacher out of reach (another institute, another client) or not a teacher, writing nothing', async () => {
    const elsewhereTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(otherSchool) });
    for (const [who, userId] of [
      [instituteAdmin, elsewhereTeacher.id],
      [otherClientAdmin, teacher.id],
      [admin, student.id],
      [admin, 999_999],
    ] as const) {
      const res = await post(who, '/roles/v1/assignClasses', { userId, classes: [] });
      expect(res.statusCode).toBe(404);
      expect(res.json().body.code).toBe('ROLES_STAFF_NOT_FOUND');
    }
    expect(await t.deps.db.select().from(staffClassAssignments).where(eq(staffClassAssignments.userId, elsewhereTeacher.id))).toEqual([]);
  });

  it('answers bad input with 400, writing nothing: a class of another institute, a section of another class, bad ids', async () => {
    const cases = [
      { userId: teacher.id, classes: [{ classId: otherSchool.classes[0]!.id, sectionId: null }] },
      { userId: teacher.id, classes: [{ classId: school.classes[0]!.id, sectionId: school.classes[1]!.sections[0] }] },
      { userId: 'abc', classes: [] },
      { userId: teacher.id, classes: [{ classId: -1, sectionId: null }] },
      { userId: teacher.id },
    ];
    for (const payload of cases) {
      const res = await post(admin, '/roles/v1/assignClasses', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).not.toBe('');
    }
    expect(await t.deps.db.select().from(staffClassAssignments).where(eq(staffClassAssignments.userId, teacher.id))).toEqual([]);
  });

  it('refuses without a token (401), a student or teacher (403), and an admin without the permission (403)', async () => {
    const payload = { userId: teacher.id, classes: [] };
    expect((await post(null, '/roles/v1/assignClasses', payload)).statusCode).toBe(401);
    expect((await post(student, '/roles/v1/assignClasses', payload)).statusCode).toBe(403);
    expect((await post(teacher, '/roles/v1/assignClasses', payload)).statusCode).toBe(403);
    await t.app.services.roles.revoke('neetprep', 'InstituteAdmin', ['roles.manage']);
    try {
      expect((await post(instituteAdmin, '/roles/v1/assignClasses', payload)).statusCode).toBe(403);
      expect((await get(instituteAdmin, '/roles/v1/staff')).statusCode).toBe(403);
    } finally {
      await t.app.services.roles.grant('neetprep', 'InstituteAdmin', ['roles.manage']);
    }
  });
});

describe('Role Configuration refuses families', () => {
  it('answers a parent and a student 403 on every call (config, saveConfig, staff, assignClasses), writing nothing', async () => {
    const parent = await t.createUser({ role: 'Parent' });
    await t.deps.db.insert(parentLinks).values({ parentUserId: parent.id, studentUserId: student.id });
    const permissions = await t.app.services.roles.permissionsOf('neetprep', 'SchoolTeacher');
    const assignments = await t.deps.db.select().from(staffClassAssignments).where(eq(staffClassAssignments.userId, teacher.id));
    const audited = (await auditRows()).length;
    for (const user of [parent, student]) {
      const calls = [
        get(user, '/roles/v1/config'),
        post(user, '/roles/v1/saveConfig', { roles: [{ role: 'SchoolTeacher', permissions: [] }], reason: 'taken' }),
        get(user, '/roles/v1/staff'),
        post(user, '/roles/v1/assignClasses', { userId: teacher.id, classes: [{ classId: school.classes[0]!.id, sectionId: null }] }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${user.role} ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ status: false, body: { code: 'AUTH_FORBIDDEN' } });
      }
    }
    expect(await t.app.services.roles.permissionsOf('neetprep', 'SchoolTeacher')).toEqual(permissions);
    expect(await t.deps.db.select().from(staffClassAssignments).where(eq(staffClassAssignments.userId, teacher.id))).toEqual(assignments);
    expect(await auditRows()).toHaveLength(audited);
  });
});

describe('catalogue upgrades', () => {
  it('grants actions added since a client was configured to their default roles, once', async () => {
    const legacy = await createClient(t);
    const { clients } = await import('../../db/schema/index.js');
    await t.app.services.roles.revoke(legacy, 'SchoolTeacher', ['support.contact', 'dashboard.view']);
    await t.deps.db.update(clients).set({ knownPermissions: null }).where(eq(clients.id, legacy));
    await t.app.services.roles.upgradeClients();
    const permissions = await t.app.services.roles.permissionsOf(legacy, 'SchoolTeacher');
    expect(permissions).toContain('support.contact');
    expect(permissions).not.toContain('dashboard.view');
    await t.app.services.roles.revoke(legacy, 'SchoolTeacher', ['support.contact']);
    await t.app.services.roles.upgradeClients();
    expect(await t.app.services.roles.permissionsOf(legacy, 'SchoolTeacher')).not.toContain('support.contact');
  });
});
