import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedCode } from '../../../test/mail-code.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let school: TestInstitute;
beforeAll(async () => {
  t = await createTestApp();
  school = await createInstitute(t);
});
afterAll(async () => t.close());

async function codeFor(email: string) {
  const res = await t.call({ method: 'POST', url: '/api/user/v1/sendMailforOtp', payload: { Email: email } });
  expect(res.statusCode).toBe(200);
  return { sessionId: res.json().body.sessionId as string, otp: mailedCode(t.outboxDir, email) };
}

describe('POST /api/user/v1/parentlogin', () => {
  it('signs a parent in with the mailed code; the result is shaped like login', async () => {
    const parent = await t.createUser({ role: 'Parent', email: 'amma@example.com' });
    const { sessionId, otp } = await codeFor('amma@example.com');
    const res = await t.call({ method: 'POST', url: '/api/user/v1/parentlogin', payload: { Email: 'amma@example.com', otp, sessionId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ userTypeName: 'Parent', email: parent.email, CourseID: null, activeTestDetails: null });
    const info = await t.call({ method: 'GET', url: '/api/user/v1/getUserInfo', headers: { authorization: `Bearer ${res.json().body.token}` } });
    expect(info.json().body.id).toBe(parent.id);

    const reuse = await t.call({ method: 'POST', url: '/api/user/v1/parentlogin', payload: { Email: 'amma@example.com', otp, sessionId } });
    expect(reuse.statusCode).toBe(400);
  });

  it('refuses a code sent to another address', async () => {
    await t.createUser({ role: 'Parent', email: 'appa@example.com' });
    const { sessionId, otp } = await codeFor('attacker@example.com');
    const res = await t.call({ method: 'POST', url: '/api/user/v1/parentlogin', payload: { Email: 'appa@example.com', otp, sessionId } });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.code).toBe('AUTH_OTP_INVALID');
  });

  it('does not sign in a student through the parent flow', async () => {
    await t.createUser({ role: 'Student', email: 'kid@example.com' });
    const { sessionId, otp } = await codeFor('kid@example.com');
    const res = await t.call({ method: 'POST', url: '/api/user/v1/parentlogin', payload: { Email: 'kid@example.com', otp, sessionId } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('No parent account is linked to this e-mail.');
  });

  it('validates the form with the spec messages', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user/v1/parentlogin', payload: { Email: 'amma@example.com', otp: '', sessionId: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.fields.otp).toBe('Please enter OTP.');
  });
});

describe('login links: POST /api/user/v1/createLoginLink and /api/user/v1/loginwithsessionid', () => {
  it('lets staff create a one-time link that signs the student in with the course', async () => {
    const teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(school) });
    const student = await t.createUser({ role: 'Student', ...placeIn(school, 0) });
    const created = await t.call({ method: 'POST', url: '/api/user/v1/createLoginLink', headers: teacher.headers, payload: { userId: student.id } });
    expect(created.statusCode).toBe(200);
    const { SessionID, url } = created.json().body;
    expect(url).toBe(`/login?SessionID=${SessionID}`);
    const stored = await t.deps.db.query.loginLinks.findMany();
    expect(stored.some((row) => row.tokenHash === SessionID)).toBe(false);
    // Audited: who issued it for whom, and when it expires; never the token.
    const audited = await t.deps.db.query.auditLog.findMany({ where: (a, { and, eq }) => and(eq(a.action, 'auth.createLoginLink'), eq(a.actorUserId, teacher.id)) });
    expect(audited).toEqual([
      expect.objectContaining({
        targetType: 'user',
        targetId: String(student.id),
        targetUserId: student.id,
        instituteId: school.id,
        before: null,
        after: { expiresAt: created.json().body.expiresAt, courseId: null },
      }),
    ]);
    expect(new Date(created.json().body.expiresAt).getTime()).toBe(t.clock.now().getTime() + 24 * 60 * 60_000);
    expect(JSON.stringify(audited)).not.toContain(SessionID);

    const login = await t.call({ method: 'POST', url: '/api/user/v1/loginwithsessionid', payload: { SessionID } });
    expect(login.statusCode).toBe(200);
    expect(login.json().body).toMatchObject({ userName: student.username, userTypeName: 'Student', CourseID: null });

    const again = await t.call({ method: 'POST', url: '/api/user/v1/loginwithsessionid', payload: { SessionID } });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This sign-in link is not valid or has expired.');
  });

  it('expires links', async () => {
    const admin = await t.createUser({ role: 'ClientAdmin' });
    const student = await t.createUser({ role: 'SchoolStudent' });
    const created = await t.call({ method: 'POST', url: '/api/user/v1/createLoginLink', headers: admin.headers, payload: { userId: student.id } });
    t.clock.advance(24 * 60 * 60_000 + 1);
    const res = await t.call({ method: 'POST', url: '/api/user/v1/loginwithsessionid', payload: { SessionID: created.json().body.SessionID } });
    expect(res.statusCode).toBe(401);
  });

  it('is for staff only, for students only, and checks its input', async () => {
    const teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(school) });
    const student = await t.createUser({ role: 'Student', ...placeIn(school, 0) });
    const admin = await t.createUser({ role: 'ClientAdmin', ...placeIn(school) });
    expect((await t.call({ method: 'POST', url: '/api/user/v1/createLoginLink', payload: { userId: student.id } })).statusCode).toBe(401);
    const asStudent = await t.call({ method: 'POST', url: '/api/user/v1/createLoginLink', headers: student.headers, payload: { userId: student.id } });
    expect(asStudent.statusCode).toBe(403);
    const forAdmin = await t.call({ method: 'POST', url: '/api/user/v1/createLoginLink', headers: teacher.headers, payload: { userId: admin.id } });
    expect(forAdmin.statusCode).toBe(403);
    const unknown = await t.call({ method: 'POST', url: '/api/user/v1/createLoginLink', headers: teacher.headers, payload: { userId: 999999 } });
    expect(unknown.statusCode).toBe(404);
    const badCourse = await t.call({ method: 'POST', url: '/api/user/v1/createLoginLink', headers: teacher.headers, payload: { userId: student.id, CourseID: 424242 } });
    expect(badCourse.statusCode).toBe(400);
    const bad = await t.call({ method: 'POST', url: '/api/user/v1/createLoginLink', headers: teacher.headers, payload: { userId: 'x' } });
    expect(bad.statusCode).toBe(400);
    const empty = await t.call({ method: 'POST', url: '/api/user/v1/loginwithsessionid', payload: { SessionID: '' } });
    expect(empty.statusCode).toBe(400);
    expect(await t.deps.db.query.loginLinks.findMany({ where: (l, { eq }) => eq(l.createdBy, teacher.id) })).toHaveLength(0);
    // A refused link leaves no audit entry either.
    expect(await t.deps.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.actorUserId, teacher.id) })).toHaveLength(0);
  });
});

describe('brute force', () => {
  it('locks one account after ten wrong passwords, even for the right one', async () => {
    const user = await t.createUser({ username: 'target1', password: 'right-pass' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: 'target1', password: `wrong-${i}` } })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: user.username, password: 'right-pass' }, headers: { language: 'tn' } });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('அதிகமான கோரிக்கைகள். சிறிது நேரம் காத்திருக்கவும்.');
    t.clock.advance(15 * 60_000 + 1);
    expect((await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: user.username, password: 'right-pass' } })).statusCode).toBe(200);
  });

  it('limits code checks per address with 429 and lets a class of 60 sign in from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) {
      const res = await t.call({ method: 'POST', url: '/api/user/v1/validateEmailOtp', remoteAddress: '10.9.9.9', payload: { passcode: '1', secret: 'x' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 120).every((s) => s === 400)).toBe(true);
    const fromOtherAddress = await t.call({ method: 'POST', url: '/api/user/v1/validateEmailOtp', remoteAddress: '10.9.9.10', payload: { passcode: '1', secret: 'x' } });
    expect(fromOtherAddress.statusCode).toBe(400);
  });
});
