import { DEFAULT_ROLE_PERMISSIONS } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, institutes, parentLinks, rolePermissions, teacherPermissions } from '../../db/schema/index.js';
import { seedClients } from '../../db/seed/seed-clients.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let school: TestInstitute;
let teacher: TestUser;
let student: TestUser;
let test: BuiltTest;
let attemptId: string;
let frameId: number;

const JPEG_DATA_URL = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0xff, 0xd9]).toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp();
  school = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(school) });
  student = await t.createUser({ role: 'Student', ...placeIn(school, 0) });
  test = await createTestTask(t.deps.db, {
    task: { isCameraAllowed: true },
    sections: [{ questions: [{ questionType: 'comprehensive', data: 'Explain diffusion.', options: [], correctAnswerId: null, lineNumber: 5, marks: 5, negativeMarks: 0 }] }],
  });
  attemptId = (await startAttempt(t, student, test)).TestSessionID;
  const frame = await t.call({ method: 'POST', url: '/api/task/v1/capturePhoto', headers: student.headers, payload: { dataURL: JPEG_DATA_URL, taskID: test.task.id, testSessionID: attemptId } });
  expect(frame.statusCode, frame.body).toBe(200);
  frameId = frame.json().body.frameId;
  await saveAnswers(t, student, attemptId, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'comprehensive', answerID: 'text', answerData: 'Particles spread out.', seq: 1 }]);
  await submitTest(t, student, attemptId, test.task.id);
});
afterAll(async () => t.close());

async function tabsOf(user: TestUser): Promise<string[]> {
  const res = await t.call({ method: 'GET', url: '/api/teacher/v1/getUserInfo', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().body.Details.Permissions.map((tab: { TabName: string }) => tab.TabName);
}

/** The calls each tab covers, as the teacher makes them. */
const TAB_CALLS: Record<string, Array<{ name: string; run: (user: TestUser) => ReturnType<TestApp['call']> }>> = {
  Reports: [
    { name: 'pendingEvaluations', run: (user) => t.call({ method: 'GET', url: `/api/task/v1/pendingEvaluations?taskId=${test.task.id}`, headers: user.headers }) },
    {
      name: 'markAnswer',
      run: (user) => t.call({ method: 'POST', url: '/api/task/v1/markAnswer', headers: user.headers, payload: { attemptId, questionTaskMapID: test.mapIds[0]!, marksAwarded: 3 } }),
    },
  ],
  'Exam Report': [
    { name: 'attemptPhotos', run: (user) => t.call({ method: 'GET', url: `/api/task/v1/attemptPhotos?attemptId=${attemptId}`, headers: user.headers }) },
    { name: 'attemptPhoto', run: (user) => t.call({ method: 'GET', url: `/api/task/v1/attemptPhoto?frameId=${frameId}`, headers: user.headers }) },
  ],
  'Student Configuration': [
    { name: 'createLoginLink', run: (user) => t.call({ method: 'POST', url: '/api/user/v1/createLoginLink', headers: user.headers, payload: { userId: student.id } }) },
  ],
};

describe('permissions as data: a tab taken from a role', () => {
  it.each(Object.keys(TAB_CALLS))('%s: disappears from getUserInfo and its calls answer 403; given back, both return', async (tab) => {
    const others = Object.keys(TAB_CALLS).filter((name) => name !== tab);
    expect(await tabsOf(teacher)).toContain(tab);
    for (const call of TAB_CALLS[tab]!) expect((await call.run(teacher)).statusCode, call.name).toBe(200);

    await t.app.services.roles.revokeTabs('neetprep', 'SchoolTeacher', [tab]);
    try {
      await expectTabTaken(tab, others);
    } finally {
      await t.app.services.roles.grantTabs('neetprep', 'SchoolTeacher', [tab]);
    }
    expect(await tabsOf(teacher)).toContain(tab);
    for (const call of TAB_CALLS[tab]!) expect((await call.run(teacher)).statusCode, call.name).toBe(200);
  });

  async function expectTabTaken(tab: string, others: string[]) {
    const tabs = await tabsOf(teacher);
    expect(tabs).not.toContain(tab);
    expect(tabs).toEqual(expect.arrayContaining(others));
    for (const call of TAB_CALLS[tab]!) {
      const res = await call.run(teacher);
      expect(res.statusCode, call.name).toBe(403);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'AUTH_FORBIDDEN' } });
    }
    // The other tabs' calls still work.
    for (const call of TAB_CALLS[others[0]!]!) expect((await call.run(teacher)).statusCode, call.name).toBe(200);
    // Another role of the same client keeps the tab.
    const admin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(school) });
    expect(await tabsOf(admin)).toContain(tab);
  }

  it("changes only the client whose role is configured", async () => {
    const otherClient = await createClient(t);
    await t.app.services.roles.revokeTabs(otherClient, 'SchoolTeacher', ['Exam Report']);
    expect(await tabsOf(teacher)).toContain('Exam Report');
    const elsewhere = await createInstitute(t, { clientId: otherClient });
    const theirTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(elsewhere) });
    expect(await tabsOf(theirTeacher)).not.toContain('Exam Report');
    expect(await t.app.services.roles.permissionsOf(otherClient, 'SchoolTeacher')).not.toContain('proctoring.viewFrames');
  });

  it("narrows one user further with their own tabs (teacher_permissions), for menu and calls alike", async () => {
    const narrowed = await t.createUser({ role: 'SchoolTeacher', ...placeIn(school) });
    await t.deps.db.insert(teacherPermissions).values({ userId: narrowed.id, tabName: 'Exam Report', url: '/examReport' });
    expect(await tabsOf(narrowed)).toEqual(['Exam Report']);
    expect((await TAB_CALLS['Exam Report']![0]!.run(narrowed)).statusCode).toBe(200);
    expect((await TAB_CALLS['Student Configuration']![0]!.run(narrowed)).statusCode).toBe(403);
    // A user's own tab never adds what the role lacks.
    await t.app.services.roles.revokeTabs('neetprep', 'SchoolTeacher', ['Exam Report']);
    try {
      expect(await tabsOf(narrowed)).toEqual([]);
      expect((await TAB_CALLS['Exam Report']![0]!.run(narrowed)).statusCode).toBe(403);
    } finally {
      await t.app.services.roles.grantTabs('neetprep', 'SchoolTeacher', ['Exam Report']);
    }
  });
});

describe('clients and their defaults', () => {
  it('seeds the default client once: permissions taken from a role stay taken after the next start', async () => {
    const before = await t.app.services.roles.permissionsOf('neetprep', 'SchoolTeacher');
    expect(before).toEqual([...DEFAULT_ROLE_PERMISSIONS.SchoolTeacher].sort());
    await t.app.services.roles.revoke('neetprep', 'Institution', ['reports.exam']);
    await seedClients(t.deps);
    expect(await t.app.services.roles.permissionsOf('neetprep', 'Institution')).toEqual(['reports.view', 'support.contact']);
    await t.app.services.roles.grant('neetprep', 'Institution', ['reports.exam']);
  });

  it('creates the clients that institutes name, with the default permissions', async () => {
    await t.deps.db.insert(institutes).values({ name: 'Imported Institute', clientId: 'imported' });
    await seedClients(t.deps);
    expect(await t.deps.db.select().from(clients).where(eq(clients.id, 'imported'))).toHaveLength(1);
    const rows = await t.deps.db.select().from(rolePermissions).where(eq(rolePermissions.clientId, 'imported'));
    expect(rows.filter((row) => row.role === 'ClientAdmin')).toHaveLength(DEFAULT_ROLE_PERMISSIONS.ClientAdmin.length);
  });
});

describe('the actor carries its scope', () => {
  it('loads client, institute, class, assigned classes, children and permissions with the session', async () => {
    const assigned = await t.createUser({ role: 'Teacher', ...placeIn(school) });
    await t.app.services.roles.assignClasses(assigned.id, [{ classId: school.classes[1]!.id, sectionId: school.classes[1]!.sections[0] }]);
    const actor = await t.app.services.auth.resolveToken(assigned.token);
    expect(actor).toMatchObject({ clientId: 'neetprep', instituteId: school.id, classes: [{ classId: school.classes[1]!.id, sectionId: school.classes[1]!.sections[0] }] });
    expect([...actor.permissions].sort()).toEqual([...DEFAULT_ROLE_PERMISSIONS.Teacher].sort());

    const asStudent = await t.app.services.auth.resolveToken(student.token);
    expect(asStudent).toMatchObject({ instituteId: school.id, classId: school.classes[0]!.id, sectionId: school.classes[0]!.sections[0], classes: [], children: [] });
    expect(asStudent.permissions.size).toBe(0);

    const parent = await t.createUser({ role: 'Parent' });
    await t.deps.db.insert(parentLinks).values({ parentUserId: parent.id, studentUserId: student.id });
    expect((await t.app.services.auth.resolveToken(parent.token)).children).toEqual([student.id]);
  });

  it('sees a new class assignment at once, although sessions are cached', async () => {
    const narrowed = await t.createUser({ role: 'SchoolTeacher', ...placeIn(school) });
    const frames = () => t.call({ method: 'GET', url: `/api/task/v1/attemptPhotos?attemptId=${attemptId}`, headers: narrowed.headers });
    expect((await frames()).statusCode).toBe(200);
    await t.app.services.roles.assignClasses(narrowed.id, [{ classId: school.classes[1]!.id, sectionId: null }]);
    expect((await frames()).statusCode).toBe(404);
    await t.app.services.roles.assignClasses(narrowed.id, [{ classId: school.classes[0]!.id, sectionId: null }]);
    expect((await frames()).statusCode).toBe(200);
  });
});
