import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentLinks } from '../../../db/schema/index.js';
import { createTestTask, saveAnswers, startAttempt, submitTest } from '../../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn } from '../../../../test/factories/scope.js';
import { jsonCalls } from '../../../../test/exam-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/test-app.js';

let t: TestApp;
let me: TestUser;
let peer: TestUser;
let parent: TestUser;
let otherParent: TestUser;
let teacher: TestUser;
let outsideTeacher: TestUser;
let withoutPermission: TestUser;
let courseId: number;

const { get, post } = jsonCalls(() => t);
const dashboard = (user: TestUser | undefined, studentId?: number | string) => get(`/api/reports/v1/dashboard${studentId === undefined ? '' : `?studentId=${studentId}`}`, user);

beforeAll(async () => {
  t = await createTestApp();
  const home = await createInstitute(t);
  const away = await createInstitute(t);
  me = await t.createUser({ role: 'Student', ...placeIn(home, 0) });
  peer = await t.createUser({ role: 'Student', ...placeIn(home, 0) });
  parent = await t.createUser({ role: 'Parent' });
  otherParent = await t.createUser({ role: 'Parent' });
  await t.deps.db.insert(parentLinks).values([
    { parentUserId: parent.id, studentUserId: me.id },
    { parentUserId: otherParent.id, studentUserId: peer.id },
  ]);
  teacher = await t.createUser({ role: 'Teacher', ...placeIn(home) });
  outsideTeacher = await t.createUser({ role: 'Teacher', ...placeIn(away) });
  const restricted = await createClient(t);
  await t.app.services.roles.revoke(restricted, 'Teacher', ['reports.view']);
  withoutPermission = await t.createUser({ role: 'Teacher', ...placeIn(await createInstitute(t, { clientId: restricted })) });

  // One mock, two sections: me 4 − 1 = 3 (one skipped), peer 8.
  const test = await createTestTask(t.deps.db, {
    sections: [
      { name: 'Physics', questions: [{ topicTags: ['Optics'] }, { topicTags: ['Optics'] }] },
      { name: 'Biology', questions: [{ topicTags: ['Cells'] }] },
    ],
  });
  courseId = test.course.id;
  const [p1, p2, b1] = test.mapIds as [number, number, number];
  const take = async (user: TestUser, answers: [number, number][]) => {
    const s = await startAttempt(t, user, test);
    await saveAnswers(t, user, s.TestSessionID, answers.map(([mapId, answerID]) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID, timeSpent: 20, seq: 1 })));
    await submitTest(t, user, s.TestSessionID, test.task.id);
  };
  await take(me, [
    [p1, 2],
    [p2, 3],
  ]);
  await take(peer, [
    [p1, 2],
    [b1, 2],
  ]);
});
afterAll(async () => t.close());

describe('GET /api/reports/v1/dashboard', () => {
  it('gives the student’s trend, subjects, weakest topics and negative marking from real attempts', async () => {
    const res = await dashboard(me);
    expect(res.statusCode).toBe(200);
    const d = res.json().body;
    expect(d.studentId).toBe(me.id);
    expect(d.attempts).toEqual([expect.objectContaining({ scored: 3, total: 12, rank: 2, percentile: 50, candidates: 2, isFirstAttempt: true, scoredSkippingWrong: 4 })]);
    expect(d.subjects).toEqual([
      expect.objectContaining({ subject: 'Physics', questions: 2, correct: 1, wrong: 1, accuracy: 50 }),
      expect.objectContaining({ subject: 'Biology', questions: 1, skipped: 1, accuracy: 0 }),
    ]);
    expect(d.weakestTopics.map((w: { topic: string }) => w.topic)).toEqual(['Cells', 'Optics']);
    expect(d.negativeMarking).toEqual({ marksLost: 1, wrongAnswers: 1, scored: 3, scoredSkippingWrong: 4 });
    expect((await dashboard(me, me.id)).json().body.studentId).toBe(me.id);
  });

  it('lets a linked parent and a teacher in scope read it', async () => {
    expect((await dashboard(parent, me.id)).json().body.attempts).toHaveLength(1);
    expect((await dashboard(teacher, me.id)).json().body.attempts).toHaveLength(1);
  });

  it('answers 404 to anyone else, 401 without a token, 403 to a role without reports.view, 400 for bad input', async () => {
    for (const user of [otherParent, outsideTeacher, peer]) {
      const res = await dashboard(user, me.id);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Physics');
    }
    expect((await dashboard(undefined, me.id)).statusCode).toBe(401);
    expect((await dashboard(withoutPermission, me.id)).statusCode).toBe(403);
    const bad = await dashboard(me, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('studentId');
    expect((await dashboard(me, 99_999_999)).statusCode).toBe(404);
  });
});

describe('GET /api/reports/v1/children', () => {
  it('gives a parent each linked child at a glance, and only their own children', async () => {
    const due = new Date(t.clock.now().getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await post('/api/todo/v1/create', me, { title: 'Revise optics', dueDate: due })).statusCode).toBe(200);
    const res = await get('/api/reports/v1/children', parent);
    expect(res.statusCode).toBe(200);
    const [child, ...rest] = res.json().body.children;
    expect(rest).toEqual([]);
    expect(child).toMatchObject({ studentId: me.id, lastTest: expect.objectContaining({ scored: 3, rank: 2, candidates: 2 }), trend: [25], upcomingTests: [] });
    expect(child.overdueTodos).toEqual([expect.objectContaining({ title: 'Revise optics', dueDate: due })]);
    const others = (await get('/api/reports/v1/children', otherParent)).json().body.children;
    expect(others.map((c: { studentId: number }) => c.studentId)).toEqual([peer.id]);
    expect(JSON.stringify(others)).not.toContain('Revise optics');
  });

  it('answers 401 without a token and 403 to anyone but a parent', async () => {
    expect((await get('/api/reports/v1/children')).statusCode).toBe(401);
    expect((await get('/api/reports/v1/children', me)).statusCode).toBe(403);
    expect((await get('/api/reports/v1/children', teacher)).statusCode).toBe(403);
  });
});

describe('GET /api/reports/v1/activity', () => {
  it('gives tests taken and study time by day, to the student and a linked parent', async () => {
    const tracked = await post('/api/academy/v1/track', me, { courseId, timeSpent: 10 });
    expect(tracked.statusCode).toBe(200);
    const res = await get(`/api/reports/v1/activity?studentId=${me.id}&days=7`, parent);
    expect(res.statusCode).toBe(200);
    const { days } = res.json().body;
    expect(days).toHaveLength(7);
    const today = days[6];
    expect(today).toMatchObject({ tests: 1, studySeconds: tracked.json().body.counted });
    expect(days.slice(0, 6).every((d: { tests: number; studySeconds: number }) => d.tests === 0 && d.studySeconds === 0)).toBe(true);
    expect((await get('/api/reports/v1/activity', me)).json().body.days).toHaveLength(30);
  });

  it('answers 404 to anyone else, 401 without a token, 403 without reports.view, 400 for bad input', async () => {
    for (const user of [otherParent, outsideTeacher, peer]) expect((await get(`/api/reports/v1/activity?studentId=${me.id}`, user)).statusCode).toBe(404);
    expect((await get(`/api/reports/v1/activity?studentId=${me.id}`)).statusCode).toBe(401);
    expect((await get(`/api/reports/v1/activity?studentId=${me.id}`, withoutPermission)).statusCode).toBe(403);
    const bad = await get(`/api/reports/v1/activity?studentId=${me.id}&days=400`, parent);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('days');
  });
});
