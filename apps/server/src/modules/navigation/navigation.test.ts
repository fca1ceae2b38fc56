import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_TABS, VISITED_URLS_KEPT, type ActiveTestDetails } from '@app/contracts';
import { teacherPermissions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/teacher/v1/getUserInfo', () => {
  it("lists the teacher's own permission tabs", async () => {
    const teacher = await t.createUser({ role: 'SchoolTeacher' });
    const other = await t.createUser({ role: 'SchoolTeacher' });
    await t.deps.db.insert(teacherPermissions).values([
      { userId: teacher.id, tabName: 'Dashboard', url: '/dashboard', sortOrder: 0 },
      { userId: teacher.id, tabName: 'Test Configuration', url: '/testconfig', sortOrder: 1 },
      { userId: other.id, tabName: 'Course Upload', url: '/courseupload', sortOrder: 0 },
    ]);
    const res = await t.call({ method: 'GET', url: '/api/teacher/v1/getUserInfo', headers: teacher.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual({
      Details: {
        Permissions: [
          { TabName: 'Dashboard', url: '/dashboard' },
          { TabName: 'Test Configuration', url: '/testconfig' },
        ],
      },
    });
  });

  it('is for staff roles only', async () => {
    expect((await t.call({ method: 'GET', url: '/api/teacher/v1/getUserInfo' })).statusCode).toBe(401);
    for (const role of ['Student', 'Parent', 'Institution'] as const) {
      const user = await t.createUser({ role });
      expect((await t.call({ method: 'GET', url: '/api/teacher/v1/getUserInfo', headers: user.headers })).statusCode).toBe(403);
    }
    // An admin without tabs of their own gets every tab their role holds in the client.
    const admin = await t.createUser({ role: 'ClientAdmin' });
    const tabs = (await t.call({ method: 'GET', url: '/api/teacher/v1/getUserInfo', headers: admin.headers })).json().body.Details.Permissions;
    expect(tabs.map((tab: { TabName: string }) => tab.TabName)).toEqual(PERMISSION_TABS.map((tab) => tab.tabName));
  });
});

describe('GET /api/common/v1/notification', () => {
  it('answers every field null while no test is running', async () => {
    const student = await t.createUser();
    const res = await t.call({ method: 'GET', url: '/api/common/v1/notification', headers: student.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().body.activeTestDetails).toEqual({
      TestSessionID: null,
      TaskID: null,
      CourseID: null,
      TaskName: null,
      RemainingTime: null,
      TotalDuration: null,
      CurrentDate: null,
    });
  });

  it("asks the exam engine's hook for the caller's own active test", async () => {
    const student = await t.createUser();
    const other = await t.createUser();
    const active: ActiveTestDetails = {
      TestSessionID: 'attempt-1',
      TaskID: 7,
      CourseID: 3,
      TaskName: 'Biology mock 1',
      RemainingTime: 1200,
      TotalDuration: 3600,
      CurrentDate: new Date().toISOString(),
    };
    const restore = t.app.services.upward.replace('activeTestFor', async (userId) => (userId === student.id ? active : null));
    try {
      const mine = await t.call({ method: 'GET', url: '/api/common/v1/notification', headers: student.headers });
      expect(mine.json().body.activeTestDetails).toEqual(active);
      const theirs = await t.call({ method: 'GET', url: '/api/common/v1/notification', headers: other.headers });
      expect(theirs.json().body.activeTestDetails.TestSessionID).toBeNull();
      const login = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: student.username, password: student.password } });
      expect(login.json().body).toMatchObject({ activeTestDetails: active, CourseID: 3, TaskID: 7 });
    } finally {
      restore();
    }
  });

  it('needs a token', async () => {
    expect((await t.call({ method: 'GET', url: '/api/common/v1/notification' })).statusCode).toBe(401);
  });
});

describe('POST /api/task/v1/saveURL', () => {
  const visits = (n: number, base = 0) =>
    Array.from({ length: n }, (_, i) => ({ url: `https://app.example.org/academy/courses?page=${base + i}`, time: 1_760_000_000 + i }));

  it("stores a student's visited pages", async () => {
    const student = await t.createUser();
    const res = await t.call({ method: 'POST', url: '/api/task/v1/saveURL', headers: student.headers, payload: { data: visits(3), UserSessionID: student.sessionId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual({ saved: 3 });
    const rows = await t.deps.db.query.visitedUrls.findMany({ where: (v, { eq }) => eq(v.userId, student.id) });
    expect(rows.map((r) => r.url)).toContain('https://app.example.org/academy/courses?page=1');
    expect(rows[0]!.visitedAt.getTime()).toBe(1_760_000_000 * 1000);
  });

  it('keeps a bounded list per student', async () => {
    const student = await t.createUser();
    for (let i = 0; i * 200 < VISITED_URLS_KEPT + 200; i++) {
      const res = await t.call({ method: 'POST', url: '/api/task/v1/saveURL', headers: student.headers, payload: { data: visits(200, i * 200), UserSessionID: student.sessionId } });
      expect(res.statusCode).toBe(200);
    }
    expect(await t.app.services.navigation.countVisits(student.id)).toBe(VISITED_URLS_KEPT);
  });

  it('rejects bad input and writes nothing', async () => {
    const student = await t.createUser();
    const long = `https://example.org/${'a'.repeat(2100)}`;
    for (const data of [[{ url: 'javascript:alert(1)', time: 1 }], [{ url: long, time: 1 }], [{ url: 'https://x.org', time: -1 }], visits(201)]) {
      const res = await t.call({ method: 'POST', url: '/api/task/v1/saveURL', headers: student.headers, payload: { data, UserSessionID: student.sessionId } });
      expect(res.statusCode).toBe(400);
    }
    expect(await t.app.services.navigation.countVisits(student.id)).toBe(0);
  });

  it("refuses another user's session id, a token-less call and non-students", async () => {
    const student = await t.createUser();
    const other = await t.createUser();
    const res = await t.call({ method: 'POST', url: '/api/task/v1/saveURL', headers: student.headers, payload: { data: visits(1), UserSessionID: other.sessionId } });
    expect(res.statusCode).toBe(404);
    expect(await t.app.services.navigation.countVisits(student.id)).toBe(0);
    expect(await t.app.services.navigation.countVisits(other.id)).toBe(0);
    expect((await t.call({ method: 'POST', url: '/api/task/v1/saveURL', payload: { data: visits(1), UserSessionID: student.sessionId } })).statusCode).toBe(401);
    const schoolStudent = await t.createUser({ role: 'SchoolStudent' });
    const res2 = await t.call({ method: 'POST', url: '/api/task/v1/saveURL', headers: schoolStudent.headers, payload: { data: visits(1), UserSessionID: schoolStudent.sessionId } });
    expect(res2.statusCode).toBe(403);
  });
});
