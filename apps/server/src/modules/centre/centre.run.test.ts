import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import {
  auditLog,
  centreStagedExams,
  classes,
  courses,
  examAttempts,
  questions,
  questionVersions,
  questionVersionTexts,
  tasks,
  taskQuestions,
  taskSections,
  testSchedules,
  topics,
  users,
} from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { createTestTask, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { startCentralAndCentre } from '../../../test/centre-fixtures.js';

/**
 * The exam on a centre: a central server (its own embedded database, listening on a port) and a
 * centre server on the test database. Once unlocked, the paper and the roster are loaded into the
 * centre's own tables, idempotently; rostered students alone sign in there with their central
 * password, and take the test through the normal exam calls.
 */
let central: TestApp;
let centralDatabase: Database;
let centre: TestApp;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 6, 0, 0));
let home: TestInstitute;
let lab: TestInstitute;
let centralAdmin: TestUser;
let labAdmin: TestUser;
let rostered: TestUser;
let otherClass: TestUser;
let otherInstitute: TestUser;
let test: BuiltTest;
let drawTest: BuiltTest;
let scheduleId: number;
let drawScheduleId: number;
const opensAt = new Date(clock.now().getTime() + 3_600_000);

const centreCall = (url: string, user: TestUser | { headers: Record<string, string> } | null, payload: object, method: 'GET' | 'POST' = 'POST') =>
  centre.call({ method, url, headers: user?.headers ?? {}, ...(method === 'POST' ? { payload } : {}) });
const unlock = (body: object) => centreCall('/api/centre/v1/local/unlock', labAdmin, body);
const signInAtCentre = (username: string, password: string) => centre.call({ method: 'POST', url: '/api/user/v1/login', payload: { username, password } });

/** What the centre holds of the paper and the roster, row by row. */
async function centreRows() {
  const db = centre.deps.db;
  return {
    courses: await db.select().from(courses),
    topics: await db.select().from(topics),
    tasks: await db.select().from(tasks),
    sections: await db.select().from(taskSections),
    taskQuestions: await db.select().from(taskQuestions),
    questions: await db.select().from(questions),
    versions: await db.select().from(questionVersions),
    texts: await db.select().from(questionVersionTexts),
    schedules: await db.select().from(testSchedules),
    classes: await db.select().from(classes),
    students: (await db.select().from(users).where(eq(users.role, 'Student'))).map(({ updatedAt: _updatedAt, ...row }) => row),
  };
}

beforeAll(async () => {
  ({ central, centralDatabase, centre } = await startCentralAndCentre(clock));

  // The central server: the home institute's class 11 sits a test; a class-12 student and another institute's do not.
  home = await createInstitute(central);
  const other = await createInstitute(central);
  centralAdmin = await central.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
  rostered = await central.createUser({ role: 'Student', ...placeIn(home, 0, 1), password: 'Central-pass-1', firstName: 'Kavya' });
  otherClass = await central.createUser({ role: 'Student', ...placeIn(home, 1), password: 'Central-pass-2' });
  otherInstitute = await central.createUser({ role: 'Student', ...placeIn(other, 0), password: 'Central-pass-3' });
  test = await createTestTask(central.deps.db, { sections: [{ name: 'Biology', questions: [{ data: 'Which organelle makes ATP?' }, {}] }] });
  drawTest = await createTestTask(central.deps.db, { sections: [{ questions: [{}] }] });
  await central.deps.db.update(taskSections).set({ questionSource: 'draw', drawRule: { topicIds: [], difficulties: [], count: 50, marks: 4, negativeMarks: 1 } }).where(eq(taskSections.taskId, drawTest.task.id));
  const closesAt = new Date(opensAt.getTime() + 4 * 3_600_000);
  const [own] = await central.deps.db.insert(testSchedules).values({ taskId: test.task.id, instituteId: home.id, classId: home.classes[0]!.id, opensAt, closesAt }).returning();
  const [drawn] = await central.deps.db.insert(testSchedules).values({ taskId: drawTest.task.id, instituteId: home.id, opensAt, closesAt }).returning();
  scheduleId = own!.id;
  drawScheduleId = drawn!.id;

  // The centre: its own institute and administrator, paired with the home institute, staged.
  lab = await createInstitute(centre);
  labAdmin = await centre.createUser({ role: 'InstituteAdmin', ...placeIn(lab) });
  const code = await central.call({ method: 'POST', url: '/api/centre/v1/createPairingCode', headers: centralAdmin.headers, payload: {} });
  expect(code.statusCode, code.body).toBe(200);
  const paired = await centreCall('/api/centre/v1/local/pair', labAdmin, { code: code.json().body.code, name: 'Lab One' });
  expect(paired.statusCode, paired.body).toBe(200);
  const staged = await centreCall('/api/centre/v1/local/stage', labAdmin, {});
  expect(staged.statusCode, staged.body).toBe(200);
  expect(staged.json().body.exams.map((e: { scheduleId: number }) => e.scheduleId).sort()).toEqual([scheduleId, drawScheduleId].sort());
}, 300_000);

afterAll(async () => {
  await centre?.close();
  await central?.close();
  await centralDatabase?.close();
});

describe('an exam on the centre before its unlock', () => {
  it('is not in the centre’s tables, and no staged student can sign in there', async () => {
    const rows = await centreRows();
    expect(rows.tasks).toEqual([]);
    expect(rows.questions).toEqual([]);
    expect(rows.students).toEqual([]);
    const res = await signInAtCentre(rostered.username, 'Central-pass-1');
    expect(res.statusCode).not.toBe(200);
    expect(res.json()).toMatchObject({ status: false });
  });
});

describe('unlocking an exam on the centre', () => {
  // A draw the bank cannot fill is staged without it (centre.draw.test.ts runs a drawn section on the centre).
  it('refuses a paper whose random-draw section came without its draw, clearly, and keeps it locked', async () => {
    clock.set(opensAt);
    const res = await unlock({ scheduleId: drawScheduleId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, body: { code: 'CENTRE_PAPER_UNSUPPORTED' } });
    const [exam] = await centre.deps.db.select().from(centreStagedExams).where(eq(centreStagedExams.scheduleId, drawScheduleId));
    expect(exam!.dataKey).toBeNull();
    expect(await centre.deps.db.select().from(tasks)).toEqual([]);
  });

  it('loads the paper and the roster into the centre’s own tables, in its own institute', async () => {
    const res = await unlock({ scheduleId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ scheduleId, isUnlocked: true, unlockMethod: 'central' });
    const rows = await centreRows();
    expect(rows.tasks).toHaveLength(1);
    expect(rows.tasks[0]).toMatchObject({ name: test.task.name, kind: 'test', durationMinutes: 60, isPublished: true, ownerClientId: lab.clientId, ownerInstituteId: lab.id });
    expect(rows.courses).toEqual([expect.objectContaining({ name: test.course.name, clientId: lab.clientId, instituteId: lab.id })]);
    expect(rows.sections).toEqual([expect.objectContaining({ taskId: rows.tasks[0]!.id, name: 'Biology', sectionIndex: 0 })]);
    expect(rows.taskQuestions).toHaveLength(2);
    expect(rows.questions).toHaveLength(2);
    expect(rows.versions).toHaveLength(2);
    // Each question is current at the version its attempts are served.
    expect(rows.questions.map((q) => q.currentVersionId).sort()).toEqual(rows.versions.map((v) => v.id).sort());
    expect(rows.texts.map((x) => x.data)).toContain('Which organelle makes ATP?');
    // The window, for the same class (by name) of the centre's institute.
    const class11 = rows.classes.find((c) => c.name === '11' && c.instituteId === lab.id)!;
    expect(rows.schedules).toEqual([expect.objectContaining({ taskId: rows.tasks[0]!.id, instituteId: lab.id, classId: class11.id, sectionId: null, opensAt, closesAt: new Date(opensAt.getTime() + 4 * 3_600_000) })]);
    // The rostered student only, with the central password hash, in the centre's institute.
    const [centralRow] = await central.deps.db.select().from(users).where(eq(users.id, rostered.id));
    expect(rows.students).toEqual([
      expect.objectContaining({
        username: rostered.username,
        passwordHash: centralRow!.passwordHash,
        firstName: 'Kavya',
        instituteId: lab.id,
        clientId: lab.clientId,
        classId: class11.id,
        isActive: true,
      }),
    ]);
    const actions = (await centre.deps.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['centre.unlock', 'centre.load']));
  });

  it('loads the same rows again when unlocked again or staged again', async () => {
    const before = await centreRows();
    expect((await unlock({ scheduleId })).statusCode).toBe(200);
    expect(await centreRows()).toEqual(before);
    expect((await centreCall('/api/centre/v1/local/stage', labAdmin, {})).statusCode).toBe(200);
    expect(await centreRows()).toEqual(before);
  });
});

describe('a rostered student on the centre', () => {
  let student: { headers: Record<string, string> };

  it('signs in with the central password; a student not on the roster and a wrong password do not', async () => {
    expect((await signInAtCentre(rostered.username, 'wrong-password-1')).statusCode).not.toBe(200);
    for (const [user, password] of [
      [otherClass, 'Central-pass-2'],
      [otherInstitute, 'Central-pass-3'],
    ] as const) {
      const refused = await signInAtCentre(user.username, password);
      expect(refused.statusCode).not.toBe(200);
      expect(refused.json()).toMatchObject({ status: false });
    }
    const res = await signInAtCentre(rostered.username, 'Central-pass-1');
    expect(res.statusCode, res.body).toBe(200);
    student = { headers: { authorization: `Bearer ${res.json().body.token}` } };
  });

  it('starts, saves and submits the loaded test through the exam calls', async () => {
    const [task] = await centre.deps.db.select().from(tasks);
    const started = await centreCall('/api/task/v1/practise', student, { taskID: task!.id, courseID: task!.courseId, languageID: 1 });
    expect(started.statusCode, started.body).toBe(200);
    const session = started.json().body;
    const maps = await centre.deps.db.select().from(taskQuestions).where(eq(taskQuestions.taskId, task!.id));
    const saved = await centreCall('/api/task/v1/saveAnswer', student, {
      TestSessionID: session.TestSessionID,
      data: maps.map((map, index) => ({ questionTaskMapID: map.id, questionType: 'singleChoice', answerID: index === 0 ? 2 : 1, seq: 1 })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await centreCall('/api/task/v1/submitTest', student, { TestSessionID: session.TestSessionID, TaskID: task!.id });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [attempt] = await centre.deps.db.select().from(examAttempts).where(and(eq(examAttempts.taskId, task!.id)));
    expect(attempt).toMatchObject({ status: 'submitted' });
    // One right (+4), one wrong (−1), as the central server marks it.
    expect(attempt!.scored).toBe(3);
  });

  it('loses the account when a later staging leaves them off the roster', async () => {
    await central.deps.db.update(users).set({ isActive: false }).where(eq(users.id, rostered.id));
    expect((await centreCall('/api/centre/v1/local/stage', labAdmin, {})).statusCode).toBe(200);
    expect((await signInAtCentre(rostered.username, 'Central-pass-1')).statusCode).not.toBe(200);
  });
});
