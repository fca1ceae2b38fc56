import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, oneTimeCodes, parentLinks, users } from '../../db/schema/index.js';
import { createTestApp, lastMailTo, type TestApp, type TestUser } from '../../../test/test-app.js';
import { decodeEml } from '../../../test/mail-code.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { multipartBody } from '../../../test/multipart.js';
import { createOmrRepository } from '../omr/omr.repository.js';
import { sheetRollNumber } from '../omr/omr.roll.js';

let t: TestApp;
let sunrise: TestInstitute;
let kaveri: TestInstitute;
let teacher: TestUser;
let classTeacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let studentA: TestUser;
let studentB: TestUser;
let parent: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  sunrise = await createInstitute(t);
  kaveri = await createInstitute(t);
  teacher = await t.createUser({ role: 'Teacher', ...placeIn(sunrise) });
  classTeacher = await t.createUser({ role: 'Teacher', ...placeIn(sunrise) });
  await t.app.services.roles.assignClasses(classTeacher.id, [{ classId: sunrise.classes[0]!.id, sectionId: null }]);
  otherTeacher = await t.createUser({ role: 'Teacher', ...placeIn(kaveri) });
  admin = await t.createUser({ role: 'ClientAdmin', clientId: sunrise.clientId });
  studentA = await t.createUser({ role: 'Student', firstName: 'Anjali', ...placeIn(sunrise, 0) });
  studentB = await t.createUser({ role: 'Student', firstName: 'Bala', ...placeIn(sunrise, 1) });
  parent = await t.createUser({ role: 'Parent' });
});
afterAll(async () => t.close());

const post = (url: string, user: TestUser | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `/api${url}`, headers: { ...(user?.headers ?? {}), ...headers }, payload: payload as object });
const get = (url: string, user?: TestUser) => t.call({ method: 'GET', url: `/api${url}`, headers: user?.headers ?? {} });
const userCount = async () => Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(users))[0]!.n);
const rowOf = async (userId: number) => (await t.deps.db.select().from(users).where(eq(users.id, userId)))[0];
const auditsOf = async (userId: number) => t.deps.db.select().from(auditLog).where(eq(auditLog.targetUserId, userId));

const multipart = (content: string, fields: Record<string, string> = {}) => multipartBody(content, { fileName: 'roster.csv', contentType: 'text/csv', fields });
const upload = (path: string, user: TestUser | undefined, content: string, fields: Record<string, string> = {}, language = 'en') => {
  const body = multipart(content, fields);
  return t.call({ method: 'POST', url: `/api${path}`, headers: { ...(user?.headers ?? {}), ...body.headers, language }, payload: body.payload });
};
const login = (username: string, password: string) => post('/user/v1/login', undefined, { username, password });
// The decoded parts follow the raw message (whose quoted-printable text would garble the token): take the last link.
const tokenOfLink = (mail: string) => decodeURIComponent([...decodeEml(mail).matchAll(/set-password\?token=([^\s"<&]+)/g)].at(-1)![1]!);

/** Another client whose teachers lost a permission, so that the shared client keeps its defaults. */
async function teacherWithout(permission: 'students.manage' | 'students.resetPassword') {
  const clientId = await createClient(t);
  const place = await createInstitute(t, { clientId });
  await t.app.services.roles.revoke(clientId, 'Teacher', [permission]);
  const user = await t.createUser({ role: 'Teacher', ...placeIn(place) });
  const student = await t.createUser({ role: 'Student', ...placeIn(place, 0) });
  return { user, student, place };
}

describe('students/v1/list', () => {
  it('pages, sorts, searches and filters the students in scope', async () => {
    const all = await get(`/students/v1/list?sortBy=name`, teacher);
    expect(all.statusCode).toBe(200);
    expect(all.json().body).toMatchObject({ total: 2, items: [{ id: studentA.id, firstName: 'Anjali', hasPassword: true }, { id: studentB.id }] });
    const desc = await get(`/students/v1/list?sortBy=name&sortDir=desc&pageSize=1`, teacher);
    expect(desc.json().body).toMatchObject({ total: 2, items: [{ id: studentB.id }] });
    expect((await get(`/students/v1/list?pageSize=1&page=2`, teacher)).json().body.items[0].id).toBe(studentB.id);
    expect((await get(`/students/v1/list?search=anja`, teacher)).json().body.items.map((s: { id: number }) => s.id)).toEqual([studentA.id]);
    expect((await get(`/students/v1/list?search=${encodeURIComponent(studentB.email)}`, teacher)).json().body.total).toBe(1);
    expect((await get(`/students/v1/list?classId=${sunrise.classes[1]!.id}`, teacher)).json().body.items[0].id).toBe(studentB.id);
    expect((await get(`/students/v1/list?sectionId=${sunrise.classes[0]!.sections[1]}`, teacher)).json().body.total).toBe(0);
    expect((await get(`/students/v1/list?search=%25`, teacher)).json().body.total).toBe(0);
  });

  it('narrows to the classes a teacher is assigned, to the client for its admin, and to nothing elsewhere', async () => {
    expect((await get(`/students/v1/list`, classTeacher)).json().body.items.map((s: { id: number }) => s.id)).toEqual([studentA.id]);
    expect((await get(`/students/v1/list`, otherTeacher)).json().body.total).toBe(0);
    expect((await get(`/students/v1/list`, admin)).json().body.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad input (400), no token (401), a student or parent (403), and a role without the permission (403)', async () => {
    const bad = await get(`/students/v1/list?pageSize=500`, teacher);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message.length).toBeGreaterThan(0);
    expect((await get(`/students/v1/list?status=gone`, teacher)).statusCode).toBe(400);
    expect((await get(`/students/v1/list`)).statusCode).toBe(401);
    expect((await get(`/students/v1/list`, studentA)).statusCode).toBe(403);
    expect((await get(`/students/v1/list`, parent)).statusCode).toBe(403);
    const { user } = await teacherWithout('students.manage');
    expect((await get(`/students/v1/list`, user)).statusCode).toBe(403);
  });
});

describe('students/v1/get', () => {
  it('answers a student in scope and 404 out of scope', async () => {
    expect((await get(`/students/v1/get?id=${studentA.id}`, teacher)).json().body).toMatchObject({ id: studentA.id, parents: [] });
    expect((await get(`/students/v1/get?id=${studentA.id}`, otherTeacher)).statusCode).toBe(404);
    expect((await get(`/students/v1/get?id=${studentB.id}`, classTeacher)).statusCode).toBe(404);
    expect((await get(`/students/v1/get?id=${teacher.id}`, admin)).statusCode).toBe(404);
    expect((await get(`/students/v1/get?id=abc`, teacher)).statusCode).toBe(400);
    expect((await get(`/students/v1/get?id=${studentA.id}`)).statusCode).toBe(401);
    expect((await get(`/students/v1/get?id=${studentA.id}`, parent)).statusCode).toBe(403);
  });
});

describe('students/v1/create', () => {
  it('creates a student without a password and mails a set-password link that works once', async () => {
    const created = await post('/students/v1/create', teacher, {
      username: 'new.kid',
      firstName: 'Nila',
      lastName: 'V',
      email: 'nila@example.com',
      dob: '01-02-2008',
      classId: sunrise.classes[0]!.id,
      sectionId: sunrise.classes[0]!.sections[0],
      language: 'tn',
    });
    expect(created.statusCode).toBe(200);
    const body = created.json().body;
    expect(body).toMatchObject({ username: 'new.kid', hasPassword: false, instituteId: sunrise.id, dob: '01-02-2008' });
    expect((await auditsOf(body.id)).map((a) => a.action)).toEqual(['students.create']);
    // No password yet: signing in fails like a wrong password.
    expect((await login('new.kid', '')).statusCode).toBe(400);
    expect((await login('new.kid', 'anything')).statusCode).toBe(401);
    const mail = lastMailTo(t.outboxDir, 'nila@example.com')!;
    expect(decodeEml(mail)).toContain('உங்கள் நிறுவனம் உங்களுக்காக NEET Prep கணக்கை உருவாக்கியுள்ளது');
    const token = tokenOfLink(mail);
    expect((await post('/students/v1/setPassword', undefined, { token, password: 'x' })).statusCode).toBe(400);
    const set = await post('/students/v1/setPassword', undefined, { token, password: 'mypass1' });
    expect(set.statusCode).toBe(200);
    expect((await post('/students/v1/setPassword', undefined, { token, password: 'mypass2' })).json()).toMatchObject({ status: false, body: { code: 'STUDENTS_SET_PASSWORD_LINK_INVALID' } });
    expect((await login('new.kid', 'mypass1')).statusCode).toBe(200);
  });

  it('refuses bad input with nothing written, taken values (409), and places out of scope (404)', async () => {
    const before = await userCount();
    const bad = await post('/students/v1/create', teacher, { username: 'x', firstName: '', classId: 'a' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().body.fields).toMatchObject({ username: expect.any(String), firstName: expect.any(String), classId: expect.any(String) });
    expect((await post('/students/v1/create', teacher, { username: 'nomail', firstName: 'N', classId: sunrise.classes[0]!.id })).statusCode).toBe(400);
    expect((await post('/students/v1/create', teacher, { username: 'badclass', firstName: 'N', phone: '9111111111', classId: kaveri.classes[0]!.id })).statusCode).toBe(400);
    const taken = await post('/students/v1/create', teacher, { username: studentA.username, firstName: 'N', phone: '9111111112', classId: sunrise.classes[0]!.id });
    expect(taken.json()).toMatchObject({ status: false, body: { code: 'STUDENTS_USERNAME_TAKEN' } });
    expect(taken.statusCode).toBe(409);
    expect((await post('/students/v1/create', otherTeacher, { username: 'elsewhere', firstName: 'N', phone: '9111111113', instituteId: sunrise.id, classId: sunrise.classes[0]!.id })).statusCode).toBe(404);
    expect((await post('/students/v1/create', classTeacher, { username: 'otherclass', firstName: 'N', phone: '9111111114', classId: sunrise.classes[1]!.id })).statusCode).toBe(404);
    expect((await post('/students/v1/create', undefined, { username: 'anon', firstName: 'N', phone: '9111111115', classId: sunrise.classes[0]!.id })).statusCode).toBe(401);
    expect((await post('/students/v1/create', studentA, { username: 'anon', firstName: 'N', phone: '9111111115', classId: sunrise.classes[0]!.id })).statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });
});

describe('students/v1/update', () => {
  it('edits and moves a student, audited, and answers 404 out of scope', async () => {
    const moved = await post('/students/v1/update', teacher, { id: studentB.id, lastName: 'Moved', classId: sunrise.classes[0]!.id, sectionId: sunrise.classes[0]!.sections[1] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().body).toMatchObject({ lastName: 'Moved', classId: sunrise.classes[0]!.id, sectionId: sunrise.classes[0]!.sections[1] });
    const [audit] = await auditsOf(studentB.id);
    expect(audit).toMatchObject({ action: 'students.move', actorUserId: teacher.id });
    const saved = await rowOf(studentB.id);
    expect((await post('/students/v1/update', teacher, { id: studentB.id, lastName: 'Half', sectionId: kaveri.classes[0]!.sections[0] })).statusCode).toBe(400);
    expect((await post('/students/v1/update', teacher, { id: studentB.id, lastName: 'Half', email: 'not-mail' })).statusCode).toBe(400);
    expect((await post('/students/v1/update', teacher, { id: studentB.id, lastName: 'Half', classId: 'twelve' })).statusCode).toBe(400);
    expect((await post('/students/v1/update', teacher, { id: studentB.id, lastName: 'Half', email: studentA.email })).statusCode).toBe(409);
    expect((await post('/students/v1/update', otherTeacher, { id: studentB.id, lastName: 'X' })).statusCode).toBe(404);
    // Refused edits wrote nothing, not even the valid fields beside the bad one, and no audit entry.
    expect(await rowOf(studentB.id)).toEqual(saved);
    expect(await auditsOf(studentB.id)).toHaveLength(1);
    // Back to class 12 (index 1), which the class teacher does not teach.
    await post('/students/v1/update', teacher, { id: studentB.id, classId: sunrise.classes[1]!.id });
    expect((await post('/students/v1/update', classTeacher, { id: studentB.id, lastName: 'X' })).statusCode).toBe(404);
    expect((await post('/students/v1/update', classTeacher, { id: studentA.id, classId: sunrise.classes[1]!.id })).statusCode).toBe(404);
    expect((await post('/students/v1/update', parent, { id: studentA.id, lastName: 'X' })).statusCode).toBe(403);
    expect((await post('/students/v1/update', undefined, { id: studentA.id, lastName: 'X' })).statusCode).toBe(401);
  });
});

describe('students/v1/setActive', () => {
  it('ends a deactivated student’s sessions and refuses sign-in, keeps the data, and reactivates', async () => {
    const student = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
    expect((await get('/profile/v1/getInfo', student)).statusCode).toBe(200);
    const off = await post('/students/v1/setActive', teacher, { id: student.id, isActive: false });
    expect(off.json().body).toMatchObject({ isActive: false });
    expect((await get('/profile/v1/getInfo', student)).statusCode).toBe(401);
    const refused = await login(student.username, student.password);
    expect(refused.statusCode).toBe(403);
    expect((await get(`/students/v1/list?status=deactivated`, teacher)).json().body.items.map((s: { id: number }) => s.id)).toContain(student.id);
    expect((await post('/students/v1/setActive', teacher, { id: student.id, isActive: true })).json().body).toMatchObject({ isActive: true });
    expect((await login(student.username, student.password)).statusCode).toBe(200);
    expect((await auditsOf(student.id)).map((a) => a.action).sort()).toEqual(['students.deactivate', 'students.reactivate']);
    const active = await rowOf(student.id);
    expect((await post('/students/v1/setActive', teacher, { id: student.id, isActive: 'no' })).statusCode).toBe(400);
    expect((await post('/students/v1/setActive', teacher, { id: student.id })).statusCode).toBe(400);
    expect((await post('/students/v1/setActive', teacher, { id: 'x', isActive: false })).statusCode).toBe(400);
    expect((await post('/students/v1/setActive', otherTeacher, { id: student.id, isActive: false })).statusCode).toBe(404);
    expect((await post('/students/v1/setActive', studentA, { id: student.id, isActive: false })).statusCode).toBe(403);
    expect((await post('/students/v1/setActive', parent, { id: student.id, isActive: false })).statusCode).toBe(403);
    // Nothing written by the refusals: still active, and only the two audited changes.
    expect(await rowOf(student.id)).toEqual(active);
    expect(active).toMatchObject({ isActive: true });
    expect(await auditsOf(student.id)).toHaveLength(2);
    expect((await login(student.username, student.password)).statusCode).toBe(200);
  });
});

describe('students/v1/linkParent and unlinkParent', () => {
  it('links a parent by e-mail (creating the account) and unlinks them', async () => {
    const linked = await post('/students/v1/linkParent', teacher, { id: studentA.id, email: 'Amma@Example.com', parentName: 'Amma' });
    expect(linked.statusCode).toBe(200);
    const [link] = linked.json().body.parents;
    expect(link).toMatchObject({ email: 'amma@example.com', name: 'Amma' });
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, link.userId));
    expect(account).toMatchObject({ role: 'Parent' });
    expect((await post('/students/v1/linkParent', teacher, { id: studentA.id, email: studentB.email })).statusCode).toBe(409);
    expect((await post('/students/v1/linkParent', teacher, { id: studentA.id, email: 'nope' })).statusCode).toBe(400);
    expect((await post('/students/v1/linkParent', otherTeacher, { id: studentA.id, email: 'x@example.com' })).statusCode).toBe(404);
    const unlinked = await post('/students/v1/unlinkParent', teacher, { id: studentA.id, parentUserId: link.userId });
    expect(unlinked.json().body.parents).toEqual([]);
    expect((await post('/students/v1/unlinkParent', teacher, { id: studentA.id, parentUserId: link.userId })).statusCode).toBe(404);
    expect((await post('/students/v1/unlinkParent', teacher, { id: studentA.id })).statusCode).toBe(400);
    expect((await post('/students/v1/unlinkParent', parent, { id: studentA.id, parentUserId: link.userId })).statusCode).toBe(403);
    expect((await auditsOf(studentA.id)).map((a) => a.action)).toEqual(expect.arrayContaining(['students.linkParent', 'students.unlinkParent']));
  });
});

describe('students/v1/sendWelcomeLinks', () => {
  it('sends each named student a new link that works, retires the earlier one and records one audit entry', async () => {
    const first = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
    const second = await t.createUser({ role: 'Student', ...placeIn(sunrise, 1) });
    expect((await post('/students/v1/resetPassword', teacher, { id: first.id, mode: 'link' })).statusCode).toBe(200);
    const oldToken = tokenOfLink(lastMailTo(t.outboxDir, first.email)!);
    const sent = await post('/students/v1/sendWelcomeLinks', teacher, { usernames: [first.username, second.username, first.username] });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().body).toEqual({ mailed: 2, texted: 0, unsent: [] });
    const newToken = tokenOfLink(lastMailTo(t.outboxDir, first.email)!);
    expect(newToken).not.toBe(oldToken);
    expect((await post('/students/v1/setPassword', undefined, { token: oldToken, password: 'old-link-1' })).statusCode).toBe(400);
    expect((await post('/students/v1/setPassword', undefined, { token: newToken, password: 'new-link-1' })).statusCode).toBe(200);
    expect((await login(first.username, 'new-link-1')).statusCode).toBe(200);
    expect(tokenOfLink(lastMailTo(t.outboxDir, second.email)!)).toBeTruthy();
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'students.sendWelcomeLinks'));
    expect(audits.at(-1)).toMatchObject({ after: { count: 2, students: [{ id: first.id, username: first.username }, { id: second.id, username: second.username }] } });
  });

  it('refuses bad input, no token, students, and any name out of reach, sending nothing', async () => {
    const mine = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
    const theirs = await t.createUser({ role: 'Student', ...placeIn(kaveri, 0) });
    for (const payload of [{}, { usernames: [] }, { usernames: 'x' }, { usernames: [''] }, { usernames: Array.from({ length: 5001 }, (_, i) => `u${i}`) }]) {
      const res = await post('/students/v1/sendWelcomeLinks', teacher, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'VALIDATION_FAILED' } });
    }
    expect((await post('/students/v1/sendWelcomeLinks', undefined, { usernames: [mine.username] })).statusCode).toBe(401);
    expect((await post('/students/v1/sendWelcomeLinks', studentA, { usernames: [mine.username] })).statusCode).toBe(403);
    const withoutManage = await teacherWithout('students.manage');
    expect((await post('/students/v1/sendWelcomeLinks', withoutManage.user, { usernames: [withoutManage.student.username] })).statusCode).toBe(403);
    // Another institute's student, a staff account and an unknown name: 404, and not even the student in reach gets a mail.
    for (const other of [theirs.username, teacher.username, 'nobody-at-all']) {
      expect((await post('/students/v1/sendWelcomeLinks', teacher, { usernames: [mine.username, other] })).statusCode).toBe(404);
    }
    expect((await post('/students/v1/sendWelcomeLinks', classTeacher, { usernames: [studentB.username] })).statusCode).toBe(404);
    expect(lastMailTo(t.outboxDir, mine.email)).toBeUndefined();
    expect(lastMailTo(t.outboxDir, theirs.email)).toBeUndefined();
  });
});

describe('students/v1/resetPassword', () => {
  it('sends a reset link and ends the student’s sessions', async () => {
    const student = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
    const reset = await post('/students/v1/resetPassword', teacher, { id: student.id, mode: 'link' });
    expect(reset.json().body).toEqual({ mode: 'link', sentTo: 'email' });
    expect((await get('/profile/v1/getInfo', student)).statusCode).toBe(401);
    const token = tokenOfLink(lastMailTo(t.outboxDir, student.email)!);
    expect((await post('/students/v1/setPassword', undefined, { token, password: 'fresh-1' })).statusCode).toBe(200);
    expect((await login(student.username, 'fresh-1')).statusCode).toBe(200);
    const [audit] = await auditsOf(student.id);
    expect(audit).toMatchObject({ action: 'students.resetPassword', after: { mode: 'link' } });
    expect(JSON.stringify(audit)).not.toContain('fresh-1');
  });

  it('sets a temporary password that must be changed before any other call', async () => {
    const student = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
    const reset = await post('/students/v1/resetPassword', teacher, { id: student.id, mode: 'temporary', temporaryPassword: 'temp-42' });
    expect(reset.json().body).toEqual({ mode: 'temporary', sentTo: null });
    expect((await get('/profile/v1/getInfo', student)).statusCode).toBe(401);
    const signedIn = await login(student.username, 'temp-42');
    expect(signedIn.json().body).toMatchObject({ mustChangePassword: true });
    const headers = { authorization: `Bearer ${signedIn.json().body.token}` };
    const blocked = await t.call({ method: 'GET', url: '/api/profile/v1/getInfo', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().body.code).toBe('STUDENTS_PASSWORD_CHANGE_REQUIRED');
    const wrong = await t.call({ method: 'POST', url: '/api/user/v1/changePassword', headers, payload: { currentPassword: 'nope', password: 'mine-42' } });
    expect(wrong.statusCode).toBe(400);
    const changed = await t.call({ method: 'POST', url: '/api/user/v1/changePassword', headers, payload: { currentPassword: 'temp-42', password: 'mine-42' } });
    expect(changed.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/profile/v1/getInfo', headers })).statusCode).toBe(200);
    expect((await login(student.username, 'mine-42')).json().body.mustChangePassword).toBeUndefined();
    const [audit] = await auditsOf(student.id);
    expect(JSON.stringify(audit)).not.toContain('temp-42');
  });

  it('refuses bad input (400), out of scope (404), wrong roles (401/403) and a role without the permission (403)', async () => {
    expect((await post('/students/v1/resetPassword', teacher, { id: studentA.id, mode: 'temporary' })).statusCode).toBe(400);
    expect((await post('/students/v1/resetPassword', teacher, { id: studentA.id, mode: 'mail' })).statusCode).toBe(400);
    expect((await post('/students/v1/resetPassword', otherTeacher, { id: studentA.id, mode: 'link' })).statusCode).toBe(404);
    expect((await post('/students/v1/resetPassword', classTeacher, { id: studentB.id, mode: 'link' })).statusCode).toBe(404);
    expect((await post('/students/v1/resetPassword', undefined, { id: studentA.id, mode: 'link' })).statusCode).toBe(401);
    expect((await post('/students/v1/resetPassword', studentA, { id: studentA.id, mode: 'link' })).statusCode).toBe(403);
    expect((await post('/students/v1/resetPassword', parent, { id: studentA.id, mode: 'link' })).statusCode).toBe(403);
    const { user, student } = await teacherWithout('students.resetPassword');
    expect((await post('/students/v1/resetPassword', user, { id: student.id, mode: 'link' })).statusCode).toBe(403);
    expect((await post('/students/v1/setPassword', undefined, { token: 'not-a-real-token', password: 'abcd' })).statusCode).toBe(400);
    expect((await post('/user/v1/changePassword', undefined, { currentPassword: 'a', password: 'abcd' })).statusCode).toBe(401);
  });
});

describe('CSV roster upload', () => {
  const header = 'username,firstName,lastName,email,phone,dob,class,section,language';

  it('refuses a file with every kind of bad row whole, one message per problem with its row and column', async () => {
    const before = await userCount();
    const file = [
      header,
      `dup.one,Ravi,K,dup@example.com,9800000001,01-01-2008,11,A,en`,
      `dup.one,Ravi,K,dup@example.com,9800000001,01-01-2008,11,A,en`,
      `${studentA.username},Taken,K,,9800000002,01-01-2008,11,A,en`,
      `bad.date,Date,K,bd@example.com,,31-02-2008,11,A,en`,
      `bad.phone,Phone,K,,12345,01-01-2008,11,A,en`,
      `bad.class,Class,K,bc@example.com,,01-01-2008,99,A,en`,
      `bad.section,Section,K,bs@example.com,,01-01-2008,11,Z,en`,
      `future,Future,K,fu@example.com,,01-01-2999,11,A,en`,
      `nolang,Lang,K,nl@example.com,,01-01-2008,11,A,fr`,
      `nocontact,None,K,,,01-01-2008,11,A,en`,
    ].join('\n');
    const preview = await upload('/students/v1/previewCSV', teacher, file);
    expect(preview.statusCode).toBe(200);
    const { total, valid, errors } = preview.json().body;
    expect({ total, valid }).toEqual({ total: 10, valid: 1 });
    const at = (row: number) => errors.filter((e: { row: number }) => e.row === row).map((e: { column: string }) => e.column);
    expect(at(3)).toEqual(['username', 'email', 'phone']);
    expect(at(4)).toEqual(['username']);
    expect(at(5)).toEqual(['dob']);
    expect(at(6)).toEqual(['phone']);
    expect(at(7)).toEqual(['class']);
    expect(at(8)).toEqual(['section']);
    expect(at(9)).toEqual(['dob']);
    expect(at(10)).toEqual(['language']);
    expect(at(11)).toEqual(['email']);
    expect(errors.find((e: { row: number }) => e.row === 3).message).toContain('row 2');
    const tamil = await upload('/students/v1/previewCSV', teacher, file, {}, 'tn');
    expect(tamil.json().body.errors.find((e: { row: number }) => e.row === 7).message).toBe('நிறுவனத்தில் இந்தப் பெயரில் வகுப்பு இல்லை.');
    const refused = await upload('/teacher/v1/uploadCSV', teacher, file);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().body.fields)).toEqual(expect.arrayContaining(['row 3 username', 'row 5 dob', 'row 7 class', 'row 11 email']));
    expect(await userCount()).toBe(before);
    expect((await t.deps.db.select().from(jobs)).length).toBe(0);
  });

  it('imports every row of a good file as one job and sends each student a set-password message', async () => {
    const file = [header, `csv.one,Ravi,K,csv1@example.com,9800000011,01-01-2008,11,A,en`, `csv.two,Sita,M,,9800000012,02-02-2008,12,B,tn`].join('\n');
    const started = await upload('/teacher/v1/uploadCSV', teacher, file);
    expect(started.statusCode).toBe(200);
    const { jobId, total } = started.json().body;
    expect(total).toBe(2);
    expect(await t.app.services.jobs.queue.runOnce()).toBe(1);
    const job = await get(`/jobs/v1/get?id=${jobId}`, teacher);
    expect(job.json().body).toMatchObject({ state: 'succeeded', result: { imported: 2, mailed: 1, texted: 1, unsent: [] } });
    const list = await get('/students/v1/list?search=csv.', teacher);
    expect(list.json().body.items).toMatchObject([
      { username: 'csv.one', className: '11', sectionName: 'A', hasPassword: false },
      { username: 'csv.two', className: '12', sectionName: 'B' },
    ]);
    expect(decodeEml(lastMailTo(t.outboxDir, 'csv1@example.com')!)).toContain('set-password?token=');
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'students.import'), eq(auditLog.actorUserId, teacher.id)));
    expect(audit).toBeDefined();
    const links = await t.deps.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.purpose, 'set_password'));
    expect(links.length).toBeGreaterThanOrEqual(2);
  });

  it('takes an InstitutionId list in scope (404 otherwise) and refuses a missing file, no token, students and parents', async () => {
    const file = [`${header},instituteId`, `multi.one,M,K,m1@example.com,,01-01-2008,11,A,en,${kaveri.id}`].join('\n');
    const ok = await upload('/students/v1/previewCSV', admin, file, { InstitutionId: `${sunrise.id},${kaveri.id}` });
    expect(ok.json().body).toMatchObject({ total: 1, valid: 1, sample: [{ instituteId: kaveri.id }] });
    expect((await upload('/students/v1/previewCSV', teacher, file, { InstitutionId: String(kaveri.id) })).statusCode).toBe(404);
    expect((await upload('/students/v1/previewCSV', teacher, file, { InstitutionId: 'abc' })).statusCode).toBe(400);
    const noFile = await post('/students/v1/previewCSV', teacher, {});
    expect(noFile.statusCode).toBe(400);
    expect((await upload('/students/v1/previewCSV', teacher, '')).statusCode).toBe(400);
    const headerOnly = await upload('/students/v1/previewCSV', teacher, 'username,firstName\n');
    expect(headerOnly.json().body.errors).toEqual([{ row: 1, column: 'class', message: 'The required column is missing from the header row.' }]);
    expect((await upload('/teacher/v1/uploadCSV', undefined, file)).statusCode).toBe(401);
    expect((await upload('/teacher/v1/uploadCSV', studentA, file)).statusCode).toBe(403);
    expect((await upload('/teacher/v1/uploadCSV', parent, file)).statusCode).toBe(403);
    const { user } = await teacherWithout('students.manage');
    expect((await upload('/teacher/v1/uploadCSV', user, file)).statusCode).toBe(403);
  });
});

describe('students calls refuse the roles they are not for', () => {
  it('answers a staff role without students.manage 403 on get, create, update, setActive, linkParent, unlinkParent and previewCSV, writing nothing', async () => {
    const { user, student, place } = await teacherWithout('students.manage');
    const parentOf = await t.createUser({ role: 'Parent', email: `linked-${student.id}@example.com` });
    await t.deps.db.insert(parentLinks).values({ parentUserId: parentOf.id, studentUserId: student.id });
    const before = { row: await rowOf(student.id), users: await userCount(), audits: (await auditsOf(student.id)).length };
    const calls = [
      get(`/students/v1/get?id=${student.id}`, user),
      post('/students/v1/create', user, { username: 'nopermission', firstName: 'N', phone: '9111111120', classId: place.classes[0]!.id }),
      post('/students/v1/update', user, { id: student.id, lastName: 'Changed' }),
      post('/students/v1/setActive', user, { id: student.id, isActive: false }),
      post('/students/v1/linkParent', user, { id: student.id, email: 'new-parent@example.com' }),
      post('/students/v1/unlinkParent', user, { id: student.id, parentUserId: parentOf.id }),
      upload('/students/v1/previewCSV', user, 'username,firstName,lastName,email,phone,dob,class,section,language\nno.perm,N,K,np@example.com,,01-01-2008,11,A,en'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'AUTH_FORBIDDEN' } });
    }
    expect(await rowOf(student.id)).toEqual(before.row);
    expect(await userCount()).toBe(before.users);
    expect(await auditsOf(student.id)).toHaveLength(before.audits);
    expect(await t.deps.db.select().from(parentLinks).where(eq(parentLinks.studentUserId, student.id))).toHaveLength(1);
  });

  it('answers a student and a parent 403 on create, setActive and linkParent, writing nothing', async () => {
    const child = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
    const before = { row: await rowOf(child.id), users: await userCount() };
    for (const user of [studentA, parent]) {
      for (const res of [
        await post('/students/v1/create', user, { username: `by-${user.id}`, firstName: 'N', phone: '9111111121', classId: sunrise.classes[0]!.id }),
        await post('/students/v1/setActive', user, { id: child.id, isActive: false }),
        await post('/students/v1/linkParent', user, { id: child.id, email: `by-${user.id}@example.com` }),
      ]) {
        expect(res.statusCode, `${user.role} ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ status: false, body: { code: 'AUTH_FORBIDDEN' } });
      }
    }
    expect(await rowOf(child.id)).toEqual(before.row);
    expect(await userCount()).toBe(before.users);
    expect(await t.deps.db.select().from(parentLinks).where(eq(parentLinks.studentUserId, child.id))).toEqual([]);
    expect(await auditsOf(child.id)).toEqual([]);
  });
});

describe('a school’s students and roll numbers', () => {
  it('makes the students a school’s staff add SchoolStudents with the roll number given, unique in the institute, printed on their sheets', async () => {
    const school = await createInstitute(t, { isSchool: true });
    const head = await t.createUser({ role: 'SchoolTeacher', ...placeIn(school) });
    const made = await post('/students/v1/create', head, { username: 'school.kid', firstName: 'Kavin', phone: '9222222201', classId: school.classes[0]!.id, rollNumber: '2026000777' });
    expect(made.statusCode).toBe(200);
    const kid = made.json().body;
    expect(kid).toMatchObject({ rollNumber: '2026000777' });
    expect(await rowOf(kid.id)).toMatchObject({ role: 'SchoolStudent', rollNumber: '2026000777' });
    // The answer sheet prints and bubbles the roll number, not the account id.
    const omrStudent = await createOmrRepository(t.deps.db).findStudent(kid.id);
    expect(sheetRollNumber(omrStudent!)).toBe('2026000777');

    // A coaching institute's students stay Students; the same roll number elsewhere is fine.
    const coaching = await post('/students/v1/create', teacher, { username: 'coach.kid', firstName: 'C', phone: '9222222202', classId: sunrise.classes[0]!.id, rollNumber: '2026000777' });
    expect(coaching.statusCode).toBe(200);
    expect(await rowOf(coaching.json().body.id)).toMatchObject({ role: 'Student', rollNumber: '2026000777' });

    const before = await userCount();
    const taken = await post('/students/v1/create', head, { username: 'school.kid2', firstName: 'K', phone: '9222222203', classId: school.classes[0]!.id, rollNumber: '2026000777' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: false, body: { code: 'STUDENTS_ROLL_NUMBER_TAKEN', fields: { rollNumber: expect.any(String) } } });
    const bad = await post('/students/v1/create', head, { username: 'school.kid3', firstName: 'K', phone: '9222222204', classId: school.classes[0]!.id, rollNumber: '12-AB' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().body.fields).toMatchObject({ rollNumber: expect.any(String) });
    expect(await userCount()).toBe(before);

    // Staff change it; a clash is refused.
    const other = await post('/students/v1/create', head, { username: 'school.kid4', firstName: 'K', phone: '9222222205', classId: school.classes[0]!.id });
    expect(other.json().body).toMatchObject({ rollNumber: null });
    expect((await post('/students/v1/update', head, { id: other.json().body.id, rollNumber: '2026000777' })).statusCode).toBe(409);
    const changed = await post('/students/v1/update', head, { id: other.json().body.id, rollNumber: '2026000778' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().body).toMatchObject({ rollNumber: '2026000778' });
  });

  it('imports roll numbers from the CSV, refusing bad, repeated and taken ones; the school’s students are SchoolStudents', async () => {
    const school = await createInstitute(t, { isSchool: true });
    const head = await t.createUser({ role: 'SchoolTeacher', ...placeIn(school) });
    const header = 'username,firstName,email,class,rollNumber';
    const badFile = [header, 'r.one,A,r1@example.com,11,12a', 'r.two,B,r2@example.com,11,555', 'r.three,C,r3@example.com,11,555'].join('\n');
    const preview = await upload('/students/v1/previewCSV', head, badFile);
    const errors = preview.json().body.errors as { row: number; column: string }[];
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'rollNumber'],
      [4, 'rollNumber'],
    ]);
    const file = [header, 'r.four,D,r4@example.com,11,0042', 'r.five,E,r5@example.com,12,'].join('\n');
    const started = await upload('/teacher/v1/uploadCSV', head, file);
    expect(started.statusCode).toBe(200);
    expect(await t.app.services.jobs.queue.runOnce()).toBe(1);
    const rows = await t.deps.db.select().from(users).where(eq(users.instituteId, school.id));
    const byName = new Map(rows.map((r) => [r.username, r]));
    expect(byName.get('r.four')).toMatchObject({ role: 'SchoolStudent', rollNumber: '0042' });
    expect(byName.get('r.five')).toMatchObject({ role: 'SchoolStudent', rollNumber: null });
    const again = await upload('/students/v1/previewCSV', head, [header, 'r.six,F,r6@example.com,11,0042'].join('\n'));
    expect((again.json().body.errors as { column: string }[]).map((e) => e.column)).toEqual(['rollNumber']);
  });
});
