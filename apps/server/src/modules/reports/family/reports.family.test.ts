import fs from 'node:fs';
import { jwtVerify } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptSummaries, languages, parentLinks, studyDays, taskProgress, users } from '../../../db/schema/index.js';
import { ManualClock } from '../../../lib/clock.js';
import { createSummariesRepository } from '../shared/reports.repository.js';
import { STATUS_LETTER, subjectFigures } from '../shared/reports.summary.js';
import { createLesson, createTestTask, saveAnswers, startAttempt, submitTest } from '../../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../../test/factories/scope.js';
import { jsonCalls } from '../../../../test/exam-fixtures.js';
import { decodeEml } from '../../../../test/mail-code.js';
import { createTestApp, lastMailTo, type TestApp, type TestUser } from '../../../../test/test-app.js';

// Wednesday 18 November 2026, 11:30 in India.
const clock = new ManualClock(new Date('2026-11-18T06:00:00Z'));
let t: TestApp;
let home: TestInstitute;
let me: TestUser;
let peer: TestUser;
let third: TestUser;
let parent: TestUser;
let tamilParent: TestUser;
let otherParent: TestUser;
let institution: TestUser;
let institutionAway: TestUser;
let teacher: TestUser;
let outsideTeacher: TestUser;
let courseId: number;
let taskId: number;

const { get, post } = jsonCalls(() => t);
const put = (url: string, user: TestUser | undefined, payload: object) => t.call({ method: 'PUT', url, headers: user?.headers ?? {}, payload });

beforeAll(async () => {
  t = await createTestApp({ clock });
  home = await createInstitute(t);
  const away = await createInstitute(t);
  me = await t.createUser({ role: 'Student', firstName: 'Anu', lastName: 'Rao', ...placeIn(home, 0) });
  peer = await t.createUser({ role: 'Student', firstName: 'Bala', lastName: 'Das', ...placeIn(home, 0) });
  third = await t.createUser({ role: 'Student', ...placeIn(home, 1) });
  await t.createUser({ role: 'Student', ...placeIn(away, 0) });
  parent = await t.createUser({ role: 'Parent', firstName: 'Meena' });
  tamilParent = await t.createUser({ role: 'Parent', firstName: 'Kala' });
  otherParent = await t.createUser({ role: 'Parent' });
  const [tn] = await t.deps.db.insert(languages).values({ code: 'tn', name: 'Tamil' }).onConflictDoNothing().returning();
  const tamil = tn ?? (await t.deps.db.query.languages.findFirst({ where: (l, { eq: is }) => is(l.code, 'tn') }))!;
  await t.deps.db.update(users).set({ languageId: tamil.id }).where(eq(users.id, tamilParent.id));
  await t.deps.db.insert(parentLinks).values([
    { parentUserId: parent.id, studentUserId: me.id },
    { parentUserId: tamilParent.id, studentUserId: me.id },
    { parentUserId: otherParent.id, studentUserId: peer.id },
  ]);
  institution = await t.createUser({ role: 'Institution', ...placeIn(home) });
  institutionAway = await t.createUser({ role: 'Institution', ...placeIn(away) });
  teacher = await t.createUser({ role: 'Teacher', ...placeIn(home) });
  outsideTeacher = await t.createUser({ role: 'Teacher', ...placeIn(away) });

  // One mock, two subjects, 4 marks a question and −1 for a wrong answer:
  // me 4 − 1 = 3 of 12 (25 %), peer 8 of 12 (66.67 %), third nothing (0 %).
  const test = await createTestTask(t.deps.db, {
    sections: [
      { name: 'Physics', questions: [{ topicTags: ['Optics'] }, { topicTags: ['Optics'] }] },
      { name: 'Biology', questions: [{ topicTags: ['Cells'] }] },
    ],
  });
  courseId = test.course.id;
  taskId = test.task.id;
  const [p1, p2, b1] = test.mapIds as [number, number, number];
  const take = async (user: TestUser, answers: [number, number][]) => {
    const s = await startAttempt(t, user, test);
    if (answers.length) await saveAnswers(t, user, s.TestSessionID, answers.map(([mapId, answerID]) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID, timeSpent: 20, seq: 1 })));
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
  await take(third, []);
  // Study: Monday and Tuesday of this week; one lesson finished on Tuesday.
  await t.deps.db.insert(studyDays).values([
    { userId: me.id, day: '2026-11-16', timeSpentSeconds: 600 },
    { userId: me.id, day: '2026-11-17', timeSpentSeconds: 300 },
    { userId: me.id, day: '2026-11-02', timeSpentSeconds: 999 },
  ]);
  const lesson = await createLesson(t.deps.db, courseId, test.topic.id, { name: 'Reflection' });
  await t.deps.db.insert(taskProgress).values({ userId: me.id, taskId: lesson.id, courseId, isCompleted: true, completedAt: new Date('2026-11-17T05:00:00Z') });
});
afterAll(async () => t.close());

describe('GET /api/reports/v1/institution', () => {
  it('gives the institute’s figures from its students’ first attempts', async () => {
    const res = await get('/api/reports/v1/institution', institution);
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body.overall).toEqual({ attempts: 3, participants: 3, students: 3, participation: 100, meanPercentage: 30.56, topPercentage: 66.67 });
    expect(body.subjects).toEqual([
      { subject: 'Biology', questions: 3, correct: 1, accuracy: 33.33 },
      { subject: 'Physics', questions: 6, correct: 2, accuracy: 33.33 },
    ]);
    expect(body.classes).toEqual([
      expect.objectContaining({ classId: home.classes[0]!.id, className: '11', students: 2, attempts: 2, meanPercentage: 45.83, topPercentage: 66.67, participation: 100 }),
      expect.objectContaining({ classId: home.classes[1]!.id, className: '12', students: 1, attempts: 1, meanPercentage: 0, topPercentage: 0 }),
    ]);
    expect(body.tests).toEqual([expect.objectContaining({ taskId, attempts: 3, participants: 3, meanPercentage: 30.56 })]);
    expect(body.courses).toEqual([expect.objectContaining({ courseId, attempts: 3, participants: 3 })]);
    expect(body.selectedClass).toBeNull();
  });

  it('drills down to a class and a test', async () => {
    const res = await get(`/api/reports/v1/institution?classId=${home.classes[0]!.id}&taskId=${taskId}`, institution);
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body.selectedClass.students).toEqual([
      { studentId: me.id, displayName: 'Anu Rao', tests: 1, meanPercentage: 25, lastPercentage: 25, courseId },
      { studentId: peer.id, displayName: 'Bala Das', tests: 1, meanPercentage: 66.67, lastPercentage: 66.67, courseId },
    ]);
    expect(body.selectedTest.subjects.map((s: { subject: string; accuracy: number }) => [s.subject, s.accuracy])).toEqual([
      ['Biology', 33.33],
      ['Physics', 33.33],
    ]);
  });

  it('keeps to the caller’s institute', async () => {
    const away = await get('/api/reports/v1/institution', institutionAway);
    expect(away.statusCode).toBe(200);
    expect(away.json().body.overall).toEqual(expect.objectContaining({ attempts: 0, students: 1 }));
    expect((await get(`/api/reports/v1/institution?classId=${home.classes[0]!.id}`, institutionAway)).statusCode).toBe(404);
    expect((await get(`/api/reports/v1/institution?taskId=${taskId}`, institutionAway)).statusCode).toBe(404);
  });

  it('follows changes to summaries (a rescored or removed first attempt)', async () => {
    const [stored] = await t.deps.db.select({ id: attemptSummaries.attemptId }).from(attemptSummaries).where(eq(attemptSummaries.userId, peer.id));
    const [row] = await createSummariesRepository(t.deps.db).summariesOf([stored!.id]);
    // Rescored with Biology now wrong (a rescore writes the subjects' counts with the questions): the trigger moves the subject totals.
    const sections = row!.sections.map((s) => (s.name === 'Biology' ? { ...s, correct: 0, wrong: 1 } : s));
    const questions = row!.questions.map((q) => (q.section === 'Biology' && q.status === 'correct' ? { ...q, status: 'wrong' } : q));
    expect(row!.subjects).toEqual(subjectFigures(row!.questions));
    const itemStatuses = questions.map((q) => STATUS_LETTER[q.status as keyof typeof STATUS_LETTER]).join('');
    await t.deps.db.update(attemptSummaries).set({ sections, itemStatuses, subjects: subjectFigures(questions) }).where(eq(attemptSummaries.attemptId, row!.attemptId));
    let body = (await get('/api/reports/v1/institution', institution)).json().body;
    expect(body.subjects).toEqual([
      { subject: 'Biology', questions: 3, correct: 0, accuracy: 0 },
      { subject: 'Physics', questions: 6, correct: 2, accuracy: 33.33 },
    ]);
    // No longer a first attempt: out of participants and subjects.
    await t.deps.db.update(attemptSummaries).set({ isFirstAttempt: false }).where(eq(attemptSummaries.attemptId, row!.attemptId));
    body = (await get('/api/reports/v1/institution', institution)).json().body;
    expect(body.overall).toEqual(expect.objectContaining({ attempts: 2, participants: 2 }));
    expect(body.subjects).toEqual([
      { subject: 'Biology', questions: 2, correct: 0, accuracy: 0 },
      { subject: 'Physics', questions: 4, correct: 1, accuracy: 25 },
    ]);
    await t.deps.db.update(attemptSummaries).set({ isFirstAttempt: true, sections: row!.sections, itemStatuses: row!.itemStatuses, subjects: row!.subjects }).where(eq(attemptSummaries.attemptId, row!.attemptId));
    body = (await get('/api/reports/v1/institution', institution)).json().body;
    expect(body.overall).toEqual(expect.objectContaining({ attempts: 3, participants: 3 }));
    expect(body.subjects[0]).toEqual({ subject: 'Biology', questions: 3, correct: 1, accuracy: 33.33 });
  });

  it('refuses other roles, no token and bad input', async () => {
    expect((await get('/api/reports/v1/institution', undefined)).statusCode).toBe(401);
    expect((await get('/api/reports/v1/institution', teacher)).statusCode).toBe(403);
    expect((await get('/api/reports/v1/institution', parent)).statusCode).toBe(403);
    expect((await get('/api/reports/v1/institution', me)).statusCode).toBe(403);
    const bad = await get('/api/reports/v1/institution?classId=x', institution);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message.length).toBeGreaterThan(0);
  });
});

describe('GET /api/reports/v1/studentCourseDashboard', () => {
  const url = (studentId: number, course = courseId) => `/api/reports/v1/studentCourseDashboard?studentId=${studentId}&courseId=${course}`;

  it('gives an institute’s student’s subjects in the course, read only', async () => {
    const res = await get(url(me.id), institution);
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body).toEqual(expect.objectContaining({ studentId: me.id, displayName: 'Anu Rao', courseId }));
    expect(body.attempts).toEqual([expect.objectContaining({ scored: 3, total: 12, percentage: 25, rank: 2, candidates: 3 })]);
    expect(body.subjects.map((s: { subject: string; accuracy: number }) => [s.subject, s.accuracy])).toEqual([
      ['Physics', 50],
      ['Biology', 0],
    ]);
    expect((await get(url(me.id), parent)).statusCode).toBe(200);
    expect((await get(url(me.id), me)).statusCode).toBe(200);
  });

  it('answers 404 out of scope and 400 on bad input', async () => {
    expect((await get(url(me.id), institutionAway)).statusCode).toBe(404);
    expect((await get(url(me.id), outsideTeacher)).statusCode).toBe(404);
    expect((await get(url(me.id), teacher)).statusCode).toBe(200);
    expect((await get(url(me.id), otherParent)).statusCode).toBe(404);
    expect((await get(url(peer.id), parent)).statusCode).toBe(404);
    expect((await get(url(peer.id), me)).statusCode).toBe(404);
    expect((await get(url(me.id, 999_999), institution)).statusCode).toBe(404);
    expect((await get(url(me.id), undefined)).statusCode).toBe(401);
    expect((await get(`/api/reports/v1/studentCourseDashboard?studentId=${me.id}`, institution)).statusCode).toBe(400);
  });
});

describe('GET /api/reports/v1/summary', () => {
  const url = (query: string) => `/api/reports/v1/summary?${query}`;

  it('sums up the child’s period for the parent', async () => {
    const res = await get(url(`studentId=${me.id}&from=2026-11-16&to=2026-11-22`), parent);
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body.tests).toEqual([expect.objectContaining({ taskId, scored: 3, total: 12, percentage: 25, rank: 2, candidates: 3 })]);
    expect(body).toEqual(
      expect.objectContaining({ displayName: 'Anu Rao', averagePercentage: 25, trend: 'none', studySeconds: 900, activeDays: 2 }),
    );
    expect(body.lessonsCompleted).toEqual([expect.objectContaining({ name: 'Reflection' })]);
    expect(body.topicsToImprove.map((w: { topic: string; accuracy: number }) => [w.topic, w.accuracy])).toEqual([
      ['Cells', 0],
      ['Optics', 50],
    ]);
    // A period without the test: nothing in it but the older study day.
    const before = (await get(url(`studentId=${me.id}&from=2026-11-01&to=2026-11-08`), parent)).json().body;
    expect(before).toEqual(expect.objectContaining({ tests: [], averagePercentage: null, studySeconds: 999, lessonsCompleted: [] }));
  });

  it('refuses another child, bad periods and no token', async () => {
    expect((await get(url(`studentId=${me.id}&from=2026-11-16&to=2026-11-22`), otherParent)).statusCode).toBe(404);
    expect((await get(url(`studentId=${peer.id}&from=2026-11-16&to=2026-11-22`), parent)).statusCode).toBe(404);
    expect((await get(url(`studentId=${me.id}&from=2026-11-16&to=2026-11-22`), institutionAway)).statusCode).toBe(404);
    expect((await get(url(`studentId=${me.id}&from=2026-11-16&to=2026-11-22`), outsideTeacher)).statusCode).toBe(404);
    expect((await get(url(`studentId=${me.id}&from=2026-11-16&to=2026-11-22`), undefined)).statusCode).toBe(401);
    const reversed = await get(url(`studentId=${me.id}&from=2026-11-22&to=2026-11-16`), parent);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/end of the range/);
    expect((await get(url(`studentId=${me.id}&from=2026-02-30&to=2026-03-02`), parent)).statusCode).toBe(400);
    expect((await get(url(`studentId=${me.id}&from=2024-01-01&to=2026-01-01`), parent)).statusCode).toBe(400);
  });
});

describe('GET /api/reports/v1/effort', () => {
  it('sets study time and lessons beside scores, week by week', async () => {
    const res = await get('/api/reports/v1/effort?weeks=3', me);
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body.weeks).toEqual([
      { weekStart: '2026-11-02', studySeconds: 999, lessonsCompleted: 0, tests: 0, meanPercentage: null },
      { weekStart: '2026-11-09', studySeconds: 0, lessonsCompleted: 0, tests: 0, meanPercentage: null },
      { weekStart: '2026-11-16', studySeconds: 900, lessonsCompleted: 1, tests: 1, meanPercentage: 25 },
    ]);
    expect(body.subjects).toEqual([
      { subject: 'Biology', weeks: [expect.objectContaining({ accuracy: null }), expect.objectContaining({ accuracy: null }), { weekStart: '2026-11-16', questions: 1, accuracy: 0 }] },
      { subject: 'Physics', weeks: [expect.objectContaining({ accuracy: null }), expect.objectContaining({ accuracy: null }), { weekStart: '2026-11-16', questions: 2, accuracy: 50 }] },
    ]);
    expect(body.courses).toEqual([expect.objectContaining({ courseId, lessonsCompleted: 1 })]);
    expect((await get(`/api/reports/v1/effort?studentId=${me.id}`, parent)).statusCode).toBe(200);
  });

  it('refuses out of scope, bad input and no token', async () => {
    expect((await get(`/api/reports/v1/effort?studentId=${me.id}`, otherParent)).statusCode).toBe(404);
    expect((await get(`/api/reports/v1/effort?studentId=${me.id}`, institutionAway)).statusCode).toBe(404);
    expect((await get(`/api/reports/v1/effort?studentId=${me.id}`, peer)).statusCode).toBe(404);
    expect((await get('/api/reports/v1/effort?weeks=100', me)).statusCode).toBe(400);
    expect((await get('/api/reports/v1/effort', undefined)).statusCode).toBe(401);
  });
});

describe('weekly digest', () => {
  const mailsTo = (email: string) => (fs.existsSync(t.outboxDir) ? fs.readdirSync(t.outboxDir).filter((f) => f.includes(email.replace(/[^a-zA-Z0-9@._-]/g, '_'))).length : 0);

  it('is on by default, and the parent can turn it off; only parents reach the setting', async () => {
    expect((await get('/api/reports/v1/digestSettings', parent)).json().body).toEqual({ weeklyDigest: true });
    expect((await get('/api/reports/v1/digestSettings', me)).statusCode).toBe(403);
    expect((await get('/api/reports/v1/digestSettings', undefined)).statusCode).toBe(401);
    expect((await put('/api/reports/v1/digestSettings', otherParent, { weeklyDigest: 'no' })).statusCode).toBe(400);
    expect((await put('/api/reports/v1/digestSettings', otherParent, { weeklyDigest: false })).json().body).toEqual({ weeklyDigest: false });
    expect((await get('/api/reports/v1/digestSettings', otherParent)).json().body).toEqual({ weeklyDigest: false });
  });

  it('mails last week once per parent, in the parent’s language, and respects the opt-out', async () => {
    // A week later: the week of the test (16–22 November) is last week.
    clock.advance(7 * 86_400_000);
    expect(await t.app.services.familyReports.sendWeeklyDigests()).toBe(2);
    const en = decodeEml(lastMailTo(t.outboxDir, parent.email)!);
    expect(en).toContain('Dear Meena');
    expect(en).toContain('Anu Rao');
    expect(en).toMatch(/: 3 \/ 12 \(25 %\)/);
    expect(en).toContain('Study time: 15 minutes');
    expect(en).toContain('Nothing overdue.');
    const ta = decodeEml(lastMailTo(t.outboxDir, tamilParent.email)!);
    expect(ta).toContain('அன்புள்ள Kala');
    expect(ta).toContain('படித்த நேரம்: 15 நிமிடங்கள்');
    expect(ta).toMatch(/: 3 \/ 12 \(25 %\)/);
    // Turned off: nothing for the other parent.
    expect(mailsTo(otherParent.email)).toBe(0);
    // Another run (a restart) sends nothing again.
    expect(await t.app.services.familyReports.sendWeeklyDigests()).toBe(0);
    expect(mailsTo(parent.email)).toBe(1);
    expect(mailsTo(tamilParent.email)).toBe(1);
  });

  it('turns off from the link in the mail', async () => {
    const mail = decodeEml(lastMailTo(t.outboxDir, parent.email)!);
    // The decoded HTML part comes last (the raw, quoted-printable message first).
    const token = [...mail.matchAll(/digest-unsubscribe\?token=([A-Za-z0-9_-]+)"/g)].at(-1)?.[1];
    expect(token).toBeDefined();
    expect((await post('/api/reports/v1/digestUnsubscribe', undefined, { token: 'x'.repeat(20) })).statusCode).toBe(404);
    expect((await post('/api/reports/v1/digestUnsubscribe', undefined, {})).statusCode).toBe(400);
    const res = await post('/api/reports/v1/digestUnsubscribe', undefined, { token });
    expect(res.statusCode).toBe(200);
    // The clock moved on a week since sign-in: sign in again.
    parent = { ...parent, ...(await t.signIn(parent.id)) };
    expect((await get('/api/reports/v1/digestSettings', parent)).json().body).toEqual({ weeklyDigest: false });
    clock.advance(7 * 86_400_000);
    await t.app.services.familyReports.sendWeeklyDigests();
    expect(mailsTo(parent.email)).toBe(1);
    expect(mailsTo(tamilParent.email)).toBe(2);
  });
});

describe('GET /api/reports/v1/metabase', () => {
  it('says BI Reports is not configured without Metabase settings', async () => {
    // The clock moved on a fortnight: sign in again.
    teacher = { ...teacher, ...(await t.signIn(teacher.id)) };
    me = { ...me, ...(await t.signIn(me.id)) };
    parent = { ...parent, ...(await t.signIn(parent.id)) };
    const res = await get('/api/reports/v1/metabase', teacher);
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual({ configured: false, url: null, expiresAt: null });
    expect((await get('/api/reports/v1/metabase', me)).statusCode).toBe(403);
    expect((await get('/api/reports/v1/metabase', parent)).statusCode).toBe(403);
    expect((await get('/api/reports/v1/metabase', undefined)).statusCode).toBe(401);
  });
});

describe('GET /api/reports/v1/metabase with Metabase configured', () => {
  const secret = 'a'.repeat(64);
  let m: TestApp;
  let staff: TestUser;
  let place: TestInstitute;
  beforeAll(async () => {
    await t.close();
    m = await createTestApp({ clock, env: { METABASE_SITE_URL: 'https://bi.example.com/', METABASE_SECRET_KEY: secret, METABASE_DASHBOARD_ID: '7' } });
    t = m;
    place = await createInstitute(m);
    staff = await m.createUser({ role: 'InstituteAdmin', ...placeIn(place) });
  });

  it('signs the dashboard with the caller’s institute locked, for ten minutes', async () => {
    const res = await get('/api/reports/v1/metabase', staff);
    expect(res.statusCode).toBe(200);
    const { configured, url, expiresAt } = res.json().body;
    expect(configured).toBe(true);
    const match = /^https:\/\/bi\.example\.com\/embed\/dashboard\/([^#]+)#bordered=true&titled=true$/.exec(url);
    expect(match).not.toBeNull();
    const { payload, protectedHeader } = await jwtVerify(match![1]!, new TextEncoder().encode(secret), { currentDate: clock.now() });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.resource).toEqual({ dashboard: 7 });
    expect(payload.params).toEqual({ institute_id: place.id });
    expect(payload.exp).toBe(Math.floor(clock.now().getTime() / 1000) + 600);
    expect(Date.parse(expiresAt)).toBe(payload.exp! * 1000);
    await expect(jwtVerify(match![1]!, new TextEncoder().encode('b'.repeat(64)))).rejects.toThrow();
  });
});
