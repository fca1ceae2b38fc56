import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examRoutes, mergeSessionContent, type ExamSession, type StudentSession } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { examAnswers } from '../../db/schema/index.js';
import { createExamRepository } from './exam.repository.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { actorOf, createExamTestApp, expectAccessMatrix, expectNoKeys, jsonCalls, secretQuestions } from '../../../test/exam-fixtures.js';

let t: TestApp;
let student: TestUser;
let other: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  ({ t, student, other, teacher } = await createExamTestApp());
});
afterAll(async () => t.close());

const { post, get } = jsonCalls(() => t);

/** A session response with its content merged as the player does it; the content's raw body is returned too. */
async function merged(user: TestUser, res: { json: () => { body: StudentSession } }): Promise<{ session: ExamSession; contentRaw: string }> {
  const body = res.json().body;
  if (!body.contentKey) return { session: mergeSessionContent(body, null), contentRaw: '' };
  const content = await get(`/api/exam/v1/content?key=${body.contentKey}`, user);
  expect(content.statusCode).toBe(200);
  return { session: mergeSessionContent(body, content.json().body), contentRaw: content.body };
}

describe('POST /api/task/v1/practise', () => {
  it('starts an attempt with sections, questions and server time, and declares no answer key', async () => {
    const test = await createTestTask(t.deps.db, { sections: [{ name: 'Physics', questions: [...secretQuestions] as never }] });
    const res = await post('/api/task/v1/practise', student, { taskID: test.task.id, courseID: test.course.id, languageID: 1 });
    expect(res.statusCode).toBe(200);
    expectNoKeys(res.body);
    const { session: body, contentRaw } = await merged(student, res);
    expectNoKeys(contentRaw);
    expect(body).toMatchObject({ type: 'test', TaskName: test.task.name, RemainingTime: 3600, totalDuration: 3600, status: 'open' });
    expect(body.section[0]!.question.map((q) => q.questionType)).toEqual(['singleChoice', 'text', 'programming']);
    const [choice, blank, program] = body.section[0]!.question;
    expect(blank!.questionType === 'text' && blank!.blankCount).toBe(2);
    expect(program!.questionType === 'programming' && program!.sampleInputOutputs).toEqual([{ inputData: '1 2', outputData: '3' }]);
    expect(program!.questionType === 'programming' && program!.questionDetails?.allowedLanguages).toEqual(['Python', 'C']);
    // The session question is a union on the kind: each question carries its own kind's fields only.
    for (const field of ['blankCount', 'lineNumber', 'questionDetails', 'sampleInputOutputs', 'startFileUrl']) expect(choice).not.toHaveProperty(field);
    expect(Object.keys(blank!)).not.toContain('questionDetails');
    expect(Object.keys(program!)).not.toContain('blankCount');
    expect(body.section[0]!.question[0]!.hint).toBeNull();

    const again = await post('/api/task/v1/practise', student, { taskID: test.task.id, courseID: test.course.id });
    expect(again.json().body.TestSessionID).toBe(body.TestSessionID);
  });

  it('sends each question in every language it has, for the per-question switch, with no hint or key in a graded test', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, {
      sections: [
        {
          questions: [
            {
              data: 'What is the SI unit of force?',
              hint: 'HINT english',
              explanation: 'SECRET explanation',
              options: [{ answerID: 1, answerData: 'Newton' }, { answerID: 2, answerData: 'Joule' }],
              correctAnswerId: 1,
              variants: { tn: { data: 'விசையின் SI அலகு எது?', hint: 'HINT tamil', explanation: 'SECRET tamil', options: [{ answerID: 1, answerData: 'நியூட்டன்' }, { answerID: 2, answerData: 'ஜூல்' }] } },
            },
            { data: 'English only' },
          ],
        },
      ],
    });
    const res = await post('/api/task/v1/practise', me, { taskID: test.task.id, courseID: test.course.id, languageID: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('SECRET');
    expect(res.body).not.toContain('HINT');
    const { session, contentRaw } = await merged(me, res);
    expect(contentRaw).not.toContain('SECRET');
    expect(contentRaw).not.toContain('HINT');
    const [bilingual, single] = session.section[0]!.question;
    expect(bilingual!.language).toBe('en');
    expect(bilingual!.languages.map((v) => v.language).sort()).toEqual(['en', 'tn']);
    const tamil = bilingual!.languages.find((v) => v.language === 'tn')!;
    expect(tamil).toMatchObject({ questionData: 'விசையின் SI அலகு எது?', hint: null, answer: [{ answerID: 1, answerData: 'நியூட்டன்' }, { answerID: 2, answerData: 'ஜூல்' }] });
    expect(single!.languages.map((v) => v.language)).toEqual(['en']);
  });

  it('refuses bad input, no token, the wrong role and a task of another course', async () => {
    const test = await createTestTask(t.deps.db);
    const bad = await post('/api/task/v1/practise', student, { courseID: test.course.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(false);
    expect((await post('/api/task/v1/practise', undefined, { taskID: test.task.id, courseID: test.course.id })).statusCode).toBe(401);
    expect((await post('/api/task/v1/practise', teacher, { taskID: test.task.id, courseID: test.course.id })).statusCode).toBe(403);
    const elsewhere = await createTestTask(t.deps.db);
    expect((await post('/api/task/v1/practise', student, { taskID: test.task.id, courseID: elsewhere.course.id })).statusCode).toBe(404);
    expect((await post('/api/task/v1/practise', student, { taskID: 999999, courseID: test.course.id })).statusCode).toBe(404);
  });

  it('lets 20 students press Start at the same moment, and a double press resumes the same attempt', async () => {
    const test = await createTestTask(t.deps.db);
    const users = await Promise.all(Array.from({ length: 20 }, () => t.createUser({ role: 'Student' })));
    const results = await Promise.all(users.map((u) => post('/api/task/v1/practise', u, { taskID: test.task.id, courseID: test.course.id })));
    expect(results.map((r) => r.statusCode)).toEqual(users.map(() => 200));
    const [a, b] = await Promise.all([0, 1].map(() => post('/api/task/v1/practise', users[0], { taskID: test.task.id, courseID: test.course.id })));
    expect(a!.json().body.TestSessionID).toBe(b!.json().body.TestSessionID);
    expect(a!.json().body.TestSessionID).toBe(results[0]!.json().body.TestSessionID);
    // Password hashing for 20 accounts is slow on a busy machine; 500 starts are in bench/.
  }, 120_000);

  it('answers each student of a wave arriving together by their own state: new, double press, resumed, busy elsewhere, attempts used', async () => {
    const test = await createTestTask(t.deps.db, { task: { durationMinutes: 30, attemptsAllowed: 1 } });
    const elsewhere = await createTestTask(t.deps.db, { task: { durationMinutes: 30 } });
    const [fresh, doubled, resuming, busy, done] = await Promise.all(Array.from({ length: 5 }, () => t.createUser({ role: 'Student' })));
    const resumed = await startAttempt(t, resuming!, test);
    await startAttempt(t, busy!, elsewhere);
    const finished = await startAttempt(t, done!, test);
    await submitTest(t, done!, finished.TestSessionID, test.task.id);
    const press = (u: TestUser) => post('/api/task/v1/practise', u, { taskID: test.task.id, courseID: test.course.id });
    // All in one round: their lookups, checks and inserts are answered by shared statements.
    const [a, b1, b2, r, x, d] = await Promise.all([press(fresh!), press(doubled!), press(doubled!), press(resuming!), press(busy!), press(done!)]);
    expect([a, b1, b2, r].map((res) => res!.statusCode)).toEqual([200, 200, 200, 200]);
    expect(b1!.json().body.TestSessionID).toBe(b2!.json().body.TestSessionID);
    expect(r!.json().body.TestSessionID).toBe(resumed.TestSessionID);
    expect(x!.json()).toMatchObject({ status: false, body: { code: 'EXAM_ANOTHER_TEST_IN_PROGRESS' } });
    expect(d!.json()).toMatchObject({ status: false, body: { code: 'EXAM_ATTEMPTS_USED' } });
    const open = await t.deps.db.query.examAttempts.findMany({ where: (at, { and, eq: is }) => and(is(at.taskId, test.task.id), is(at.status, 'open')) });
    expect(open.map((at) => at.userId).sort()).toEqual([fresh!.id, doubled!.id, resuming!.id].sort());
  }, 120_000);

  it('inserts the attempts of a wave together, and a row the database refuses fails only its own start', async () => {
    const test = await createTestTask(t.deps.db);
    const [u1, u2] = await Promise.all([t.createUser({ role: 'Student' }), t.createUser({ role: 'Student' })]);
    const repo = createExamRepository(t.deps.db);
    const row = (userId: number) => ({
      id: randomUUID(),
      userId,
      taskId: test.task.id,
      courseId: test.course.id,
      testType: 'test',
      status: 'open',
      startedAt: t.clock.now(),
      deadlineAt: new Date(t.clock.now().getTime() + 3_600_000),
      sectionState: [],
      questionOrder: [],
      total: 0,
    });
    const results = await Promise.allSettled([repo.insertAttempt(row(u1.id), []), repo.insertAttempt(row(999_999_999), []), repo.insertAttempt(row(u2.id), [])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value?.userId : undefined))).toEqual([u1.id, undefined, u2.id]);
  });
});

describe('GET /api/task/v1/isAnyActiveTestSession and the active-test notification', () => {
  it('names the open graded attempt with its remaining time', async () => {
    const me = await t.createUser({ role: 'Student' });
    expect((await get('/api/task/v1/isAnyActiveTestSession', me)).json().body.TestSessionID).toBeNull();
    const test = await createTestTask(t.deps.db, { task: { durationMinutes: 30 } });
    const session = await startAttempt(t, me, test);
    t.clock.advance(5 * 60_000);
    const res = await get('/api/task/v1/isAnyActiveTestSession', me);
    expect(res.json().body).toMatchObject({ TestSessionID: session.TestSessionID, TaskID: test.task.id, CourseID: test.course.id, RemainingTime: 1500 });
    const bell = await get('/api/common/v1/notification', me);
    expect(bell.json().body.activeTestDetails).toMatchObject({ TestSessionID: session.TestSessionID, RemainingTime: 1500, TotalDuration: 1800 });
    const login = await post('/api/user/v1/login', undefined, { username: me.username, password: me.password });
    expect(login.json().body.activeTestDetails).toMatchObject({ TestSessionID: session.TestSessionID, TaskID: test.task.id });
    expect((await get('/api/task/v1/isAnyActiveTestSession')).statusCode).toBe(401);
    expect((await get('/api/task/v1/isAnyActiveTestSession', teacher)).statusCode).toBe(403);
  });

  it('does not count practice attempts as an active test', async () => {
    const me = await t.createUser({ role: 'Student' });
    const practice = await createTestTask(t.deps.db, { task: { testType: 'practice', durationMinutes: null } });
    await startAttempt(t, me, practice);
    expect((await get('/api/task/v1/isAnyActiveTestSession', me)).json().body.TestSessionID).toBeNull();
  });
});

describe('POST /api/task/v1/checkSession and getSessionDetails', () => {
  it('computes RemainingTime from the server deadline; a client cannot extend it', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { task: { durationMinutes: 20 } });
    const session = await startAttempt(t, me, test);
    t.clock.advance(60_000);
    await post('/api/task/v1/saveSessionDetails', me, { TestSessionID: session.TestSessionID, localState: { remainingTime: 99999, RemainingTime: 99999 } });
    const check = await post('/api/task/v1/checkSession', me, { TestSessionID: session.TestSessionID, RemainingTime: 99999 });
    expect(check.statusCode).toBe(200);
    expect(check.json().body).toMatchObject({ isValid: true, RemainingTime: 1140, testResult: null });
    const details = await post('/api/task/v1/getSessionDetails', me, { TestSessionID: session.TestSessionID, taskID: test.task.id });
    expect(details.json().body.RemainingTime).toBe(1140);
    expect(details.json().body.localState).toEqual({ remainingTime: 99999, RemainingTime: 99999 });
    const resumed = await startAttempt(t, me, test);
    expect(resumed.expiryDate).toBe(session.expiryDate);
    expect(resumed.RemainingTime).toBe(1140);
  });

  it('answers 404 for another student’s attempt and 400 for bad input', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db);
    const session = await startAttempt(t, me, test);
    expect((await post('/api/task/v1/checkSession', other, { TestSessionID: session.TestSessionID })).statusCode).toBe(404);
    expect((await post('/api/task/v1/getSessionDetails', other, { TestSessionID: session.TestSessionID, taskID: test.task.id })).statusCode).toBe(404);
    expect((await post('/api/task/v1/getSessionDetails', me, { TestSessionID: session.TestSessionID, taskID: test.task.id + 1000 })).statusCode).toBe(404);
    const bad = await post('/api/task/v1/checkSession', me, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect((await post('/api/task/v1/checkSession', undefined, { TestSessionID: session.TestSessionID })).statusCode).toBe(401);
    expect((await post('/api/task/v1/checkSession', teacher, { TestSessionID: session.TestSessionID })).statusCode).toBe(403);
  });

  it('returns the test result once the time is over', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { task: { durationMinutes: 10 } });
    const session = await startAttempt(t, me, test);
    await saveAnswers(t, me, session.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 }]);
    t.clock.advance(11 * 60_000);
    const check = await post('/api/task/v1/checkSession', me, { TestSessionID: session.TestSessionID });
    expect(check.json().body).toMatchObject({ isValid: false, RemainingTime: 0, testResult: { scored: 4, total: 12, submitReason: 'timeout' } });
  });
});

describe('POST /api/task/v1/saveAnswer', () => {
  let test: BuiltTest;
  let session: ExamSession;
  let writer: TestUser;
  beforeAll(async () => {
    writer = await t.createUser({ role: 'Student' });
    test = await createTestTask(t.deps.db, { task: { durationMinutes: 30 } });
    session = await startAttempt(t, writer, test);
  });
  const answersInDb = async () =>
    (await t.deps.db.select().from(examAnswers)).filter((a) => a.attemptId === session.TestSessionID);

  it('confirms each save with the seq the server holds; an older seq never overwrites a newer one', async () => {
    const q = test.mapIds[0]!;
    t.clock.advance(60_000);
    const first = await saveAnswers(t, writer, session.TestSessionID, [{ questionTaskMapID: q, questionType: 'singleChoice', answerID: 3, seq: 5, timeSpent: 40 }]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: true, message: 'Answer saved.', body: { saved: [{ questionTaskMapID: q, seq: 5, applied: true }] } });
    const late = await saveAnswers(t, writer, session.TestSessionID, [{ questionTaskMapID: q, questionType: 'singleChoice', answerID: 1, seq: 3, timeSpent: 10 }]);
    expect(late.json().body.saved).toEqual([{ questionTaskMapID: q, seq: 5, applied: false }]);
    const retry = await saveAnswers(t, writer, session.TestSessionID, [{ questionTaskMapID: q, questionType: 'singleChoice', answerID: 3, seq: 5, timeSpent: 40 }]);
    expect(retry.json().body.saved[0].applied).toBe(false);
    const newer = await saveAnswers(t, writer, session.TestSessionID, [{ questionTaskMapID: q, questionType: 'singleChoice', answerID: 2, seq: 6, timeSpent: 30 }]);
    expect(newer.json().body.saved[0]).toEqual({ questionTaskMapID: q, seq: 6, applied: true });
    const [row] = await answersInDb();
    expect(row).toMatchObject({ seq: 6, answerId: 2, timeSpentSeconds: 40 });
    const details = await post('/api/task/v1/getSessionDetails', writer, { TestSessionID: session.TestSessionID, taskID: test.task.id });
    expect(details.json().body.section[0].question.find((x: { questionTaskMapID: number }) => x.questionTaskMapID === q)).toMatchObject({ answerID: 2, seq: 6, timeSpent: 40 });
  });

  it('accepts a batch, keeping the newest of duplicates', async () => {
    const [, a, b] = test.mapIds;
    const res = await saveAnswers(t, writer, session.TestSessionID, [
      { questionTaskMapID: a!, questionType: 'singleChoice', answerID: 1, seq: 1 },
      { questionTaskMapID: b!, questionType: 'singleChoice', answerID: 1, seq: 2 },
      { questionTaskMapID: b!, questionType: 'singleChoice', answerID: 2, seq: 3 },
    ]);
    expect(res.json().body.saved).toEqual([
      { questionTaskMapID: a, seq: 1, applied: true },
      { questionTaskMapID: b, seq: 3, applied: true },
    ]);
  });

  it('writes nothing when any item is bad', async () => {
    const before = JSON.stringify(await answersInDb());
    const elsewhere = await createTestTask(t.deps.db);
    const notInTest = await saveAnswers(t, writer, session.TestSessionID, [
      { questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 4, seq: 50 },
      { questionTaskMapID: elsewhere.mapIds[0]!, questionType: 'singleChoice', answerID: 4, seq: 50 },
    ]);
    expect(notInTest.statusCode).toBe(400);
    expect(notInTest.json().body.code).toBe('EXAM_QUESTION_NOT_IN_TEST');
    const mismatch = await saveAnswers(t, writer, session.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'text', answerID: 4, seq: 51 }]);
    expect(mismatch.statusCode).toBe(400);
    const noSeq = await post('/api/task/v1/saveAnswer', writer, {
      TestSessionID: session.TestSessionID,
      data: [{ questionTaskMapID: test.mapIds[0], questionType: 'singleChoice', answerID: 4 }],
    });
    expect(noSeq.statusCode).toBe(400);
    expect(noSeq.json().message).toContain('sequence number');
    expect(JSON.stringify(await answersInDb())).toBe(before);
  });

  it('refuses no token, the wrong role and another writer’s attempt', async () => {
    const item = [{ questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 4, seq: 90 }];
    expect((await post('/api/task/v1/saveAnswer', undefined, { TestSessionID: session.TestSessionID, data: item })).statusCode).toBe(401);
    expect((await saveAnswers(t, teacher, session.TestSessionID, item)).statusCode).toBe(403);
    expect((await saveAnswers(t, other, session.TestSessionID, item)).statusCode).toBe(404);
    expect((await answersInDb()).find((a) => a.seq === 90)).toBeUndefined();
  });

  it('refuses saves after the deadline (422) and after submission (409), in English and Tamil, changing nothing', async () => {
    const me = await t.createUser({ role: 'Student' });
    const timed = await createTestTask(t.deps.db, { task: { durationMinutes: 5 } });
    const attempt = await startAttempt(t, me, timed);
    const item = (seq: number, answerID: number) => [{ questionTaskMapID: timed.mapIds[0]!, questionType: 'singleChoice', answerID, seq }];
    expect((await saveAnswers(t, me, attempt.TestSessionID, item(1, 2))).statusCode).toBe(200);
    t.clock.advance(5 * 60_000);
    const late = await saveAnswers(t, me, attempt.TestSessionID, item(2, 3));
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ status: false, message: 'Time is over for this test. Your answer was not saved.', body: { code: 'EXAM_TIME_OVER' } });
    const again = await post('/api/task/v1/saveAnswer', me, { TestSessionID: attempt.TestSessionID, data: item(3, 3) }, { language: 'tn' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('இந்தத் தேர்வு ஏற்கனவே சமர்ப்பிக்கப்பட்டது. உங்கள் பதில் சேமிக்கப்படவில்லை.');
    const rows = (await t.deps.db.select().from(examAnswers)).filter((a) => a.attemptId === attempt.TestSessionID);
    expect(rows.find((r) => r.questionTaskMapId === timed.mapIds[0])).toMatchObject({ seq: 1, answerId: 2 });
    const result = await post('/api/task/v1/checkSession', me, { TestSessionID: attempt.TestSessionID });
    expect(result.json().body.testResult).toMatchObject({ scored: 4, submitReason: 'timeout' });
  });

  it('caps time spent at the time since the start', async () => {
    const me = await t.createUser({ role: 'Student' });
    const fresh = await createTestTask(t.deps.db);
    const attempt = await startAttempt(t, me, fresh);
    t.clock.advance(30_000);
    await saveAnswers(t, me, attempt.TestSessionID, [{ questionTaskMapID: fresh.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1, timeSpent: 5000 }]);
    const rows = (await t.deps.db.select().from(examAnswers)).filter((a) => a.attemptId === attempt.TestSessionID);
    expect(rows[0]!.timeSpentSeconds).toBe(30);
  });
});

describe('POST /api/task/v1/submitTest', () => {
  it('scores with marks and negative marks and returns the result', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}, {}, {}] }] });
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [
      { questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 },
      { questionTaskMapID: test.mapIds[1]!, questionType: 'singleChoice', answerID: 2, seq: 1 },
      { questionTaskMapID: test.mapIds[2]!, questionType: 'singleChoice', answerID: 4, seq: 1 },
    ]);
    const res = await post('/api/task/v1/submitTest', me, { TestSessionID: s.TestSessionID, TaskID: test.task.id, analyticsID: 'a-1', isPartialSubmit: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Test submitted.',
      body: { ScoreVisible: true, TaskName: test.task.name, scored: 7, total: 16, attemptId: s.TestSessionID, analyticsID: 'a-1', submitReason: 'student' },
    });
    const twice = await submitTest(t, me, s.TestSessionID, test.task.id);
    expect(twice.json().body.scored).toBe(7);
  });

  it('saves answers sent with the submit, and hides the score when ScoreVisible is off', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { task: { scoreVisible: false } });
    const s = await startAttempt(t, me, test);
    const res = await post('/api/task/v1/submitTest', me, {
      TestSessionID: s.TestSessionID,
      TaskID: test.task.id,
      data: [{ questionTaskMapID: test.mapIds[0], questionType: 'singleChoice', answerID: 2, seq: 1 }],
    });
    expect(res.json().body).toMatchObject({ ScoreVisible: false, scored: null, total: 12 });
    const report = await get(`/api/task/v1/feedbackReport?courseId=${test.course.id}&taskId=${test.task.id}&attemptId=${s.TestSessionID}`, me);
    expect(report.json().body.MarkScored.scored).toBe(4);
  });

  it('refuses bad input, no token, the wrong role and another student’s attempt', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db);
    const s = await startAttempt(t, me, test);
    expect((await post('/api/task/v1/submitTest', me, { TestSessionID: s.TestSessionID })).statusCode).toBe(400);
    expect((await submitTest(t, other, s.TestSessionID, test.task.id)).statusCode).toBe(404);
    expect((await post('/api/task/v1/submitTest', undefined, { TestSessionID: s.TestSessionID, TaskID: test.task.id })).statusCode).toBe(401);
    expect((await submitTest(t, teacher, s.TestSessionID, test.task.id)).statusCode).toBe(403);
    expect((await post('/api/task/v1/checkSession', me, { TestSessionID: s.TestSessionID })).json().body.isValid).toBe(true);
  });
});

describe('the sweeper', () => {
  it('submits attempts past their deadline with the answers saved so far', async () => {
    const test = await createTestTask(t.deps.db, { task: { durationMinutes: 15 } });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [
      { questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 },
      { questionTaskMapID: test.mapIds[1]!, questionType: 'singleChoice', answerID: 1, seq: 1 },
    ]);
    t.clock.advance(14 * 60_000);
    await t.app.services.exam.sweepExpired();
    expect((await get('/api/task/v1/isAnyActiveTestSession', me)).json().body.TestSessionID).toBe(s.TestSessionID);
    t.clock.advance(2 * 60_000);
    expect(await t.app.services.exam.sweepExpired()).toBeGreaterThanOrEqual(1);
    const check = await post('/api/task/v1/checkSession', me, { TestSessionID: s.TestSessionID });
    expect(check.json().body.testResult).toMatchObject({ scored: 3, total: 12, submitReason: 'timeout', submittedAt: s.expiryDate });
    expect((await get('/api/task/v1/isAnyActiveTestSession', me)).json().body.TestSessionID).toBeNull();
  });
});

describe('section timers', () => {
  it('accepts saves only in the active section before its deadline, and moves on at each deadline', async () => {
    const test = await createTestTask(t.deps.db, {
      task: { sectionWiseTimer: true, durationMinutes: null, isSectionNavigationAllowed: false },
      sections: [
        { name: 'A', durationMinutes: 10, questions: [{}, {}] },
        { name: 'B', durationMinutes: 5, questions: [{}] },
      ],
    });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    expect(s.RemainingTime).toBe(900);
    expect(s.section.map((x) => [x.isActiveSection, x.sectionTimeRemaining])).toEqual([[true, 600], [false, 300]]);
    const inA = (seq: number) => [{ questionTaskMapID: test.sections[0]!.questions[0]!.mapId, questionType: 'singleChoice', answerID: 2, seq }];
    const inB = (seq: number) => [{ questionTaskMapID: test.sections[1]!.questions[0]!.mapId, questionType: 'singleChoice', answerID: 2, seq }];
    expect((await saveAnswers(t, me, s.TestSessionID, inB(1))).json().body.code).toBe('EXAM_SECTION_CLOSED');
    expect((await saveAnswers(t, me, s.TestSessionID, inA(1))).statusCode).toBe(200);
    t.clock.advance(10 * 60_000 + 1000);
    const closed = await saveAnswers(t, me, s.TestSessionID, inA(2));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().body.code).toBe('EXAM_SECTION_CLOSED');
    expect((await saveAnswers(t, me, s.TestSessionID, inB(2))).statusCode).toBe(200);
    const check = await post('/api/task/v1/checkSession', me, { TestSessionID: s.TestSessionID });
    expect(check.json().body.Section).toEqual([
      { sectionIndex: 0, sectionName: 'A', RemainingTime: 0, active: false, isSectionCompleted: true },
      { sectionIndex: 1, sectionName: 'B', RemainingTime: 299, active: true, isSectionCompleted: false },
    ]);
    t.clock.advance(5 * 60_000);
    const end = await post('/api/task/v1/checkSession', me, { TestSessionID: s.TestSessionID });
    expect(end.json().body.testResult).toMatchObject({ scored: 8, total: 12 });
  });

  it('finishing a section early starts the next at once (completeSection)', async () => {
    const test = await createTestTask(t.deps.db, {
      task: { sectionWiseTimer: true },
      sections: [
        { durationMinutes: 10, questions: [{}] },
        { durationMinutes: 5, questions: [{}] },
      ],
    });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    t.clock.advance(2 * 60_000);
    expect((await post('/api/task/v1/completeSection', me, { TestSessionID: s.TestSessionID, sectionIndex: 1 })).statusCode).toBe(409);
    expect((await post('/api/task/v1/completeSection', other, { TestSessionID: s.TestSessionID, sectionIndex: 0 })).statusCode).toBe(404);
    const res = await post('/api/task/v1/completeSection', me, { TestSessionID: s.TestSessionID, sectionIndex: 0 });
    expect(res.json().body).toMatchObject({ isValid: true, RemainingTime: 300 });
    const last = await post('/api/task/v1/completeSection', me, { TestSessionID: s.TestSessionID, sectionIndex: 1 });
    expect(last.json().body).toMatchObject({ isValid: false, testResult: { scored: 0, submitReason: 'student' } });
  });
});

describe('shuffle', () => {
  it('fixes the order per attempt: a resumed attempt sees the same order', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { task: { shuffle: true }, sections: [{ questions: Array.from({ length: 12 }, () => ({})) }] });
    const first = await startAttempt(t, me, test);
    const order = first.section[0]!.question.map((q) => q.questionTaskMapID);
    expect([...order].sort((a, b) => a - b)).toEqual([...test.mapIds].sort((a, b) => a - b));
    expect(order).not.toEqual(test.mapIds);
    const resumed = await startAttempt(t, me, test);
    expect(resumed.section[0]!.question.map((q) => q.questionTaskMapID)).toEqual(order);
    const details = await post('/api/task/v1/getSessionDetails', me, { TestSessionID: first.TestSessionID, taskID: test.task.id });
    expect(details.json().body.section[0].question.map((q: { questionTaskMapID: number }) => q.questionTaskMapID)).toEqual(order);
    const theirs = await startAttempt(t, other, test);
    expect(theirs.section[0]!.question.map((q) => q.questionTaskMapID)).not.toEqual(order);
  });
});

describe('practice: POST /api/task/v1/revealAnswer', () => {
  it('reveals a key only when asked, then locks that answer; graded tests never reveal', async () => {
    const me = await t.createUser({ role: 'Student' });
    const practice = await createTestTask(t.deps.db, {
      task: { testType: 'practice', durationMinutes: null },
      sections: [{ questions: [{ hint: 'Think of n + 1', explanation: 'SECRET why' }, { explanation: 'SECRET other' }, {}] }],
    });
    const s = await startAttempt(t, me, practice);
    const raw = (await post('/api/task/v1/getSessionDetails', me, { TestSessionID: s.TestSessionID, taskID: practice.task.id })).body;
    expectNoKeys(raw);
    expect(s.section[0]!.question[0]!.hint).toBe('Think of n + 1');
    const [q1, q2, q3] = practice.mapIds;
    await saveAnswers(t, me, s.TestSessionID, [{ questionTaskMapID: q1!, questionType: 'singleChoice', answerID: 2, seq: 1 }]);
    const revealed = await post('/api/task/v1/revealAnswer', me, { TestSessionID: s.TestSessionID, questionTaskMapID: q1 });
    expect(revealed.json().body).toMatchObject({ correctAnswerID: 2, explanation: 'SECRET why', isCorrect: true, marksAwarded: 4 });
    expect(revealed.body).not.toContain('SECRET other');
    const locked = await saveAnswers(t, me, s.TestSessionID, [{ questionTaskMapID: q1!, questionType: 'singleChoice', answerID: 3, seq: 2 }]);
    expect(locked.statusCode).toBe(409);
    const mixed = await saveAnswers(t, me, s.TestSessionID, [
      { questionTaskMapID: q1!, questionType: 'singleChoice', answerID: 3, seq: 3 },
      { questionTaskMapID: q3!, questionType: 'singleChoice', answerID: 2, seq: 1 },
    ]);
    expect(mixed.json().body.saved).toEqual([
      { questionTaskMapID: q1, seq: 1, applied: false },
      { questionTaskMapID: q3, seq: 1, applied: true },
    ]);
    const unanswered = await post('/api/task/v1/revealAnswer', me, { TestSessionID: s.TestSessionID, questionTaskMapID: q2 });
    expect(unanswered.json().body).toMatchObject({ correctAnswerID: 2, isCorrect: null });
    const session = await post('/api/task/v1/getSessionDetails', me, { TestSessionID: s.TestSessionID, taskID: practice.task.id });
    expect(session.json().body.section[0].question.map((q: { isShowAnswer: boolean }) => q.isShowAnswer)).toEqual([true, true, false]);
    expect((await post('/api/task/v1/revealAnswer', other, { TestSessionID: s.TestSessionID, questionTaskMapID: q1 })).statusCode).toBe(404);
    expect((await post('/api/task/v1/revealAnswer', me, { TestSessionID: s.TestSessionID })).statusCode).toBe(400);

    const graded = await createTestTask(t.deps.db);
    const g = await startAttempt(t, me, graded);
    const refused = await post('/api/task/v1/revealAnswer', me, { TestSessionID: g.TestSessionID, questionTaskMapID: graded.mapIds[0] });
    expect(refused.statusCode).toBe(403);
    expectNoKeys(refused.body);
  });
});

describe('POST /api/task/v1/saveSessionDetails', () => {
  it('keeps local state and warnings; reaching Warnings − 1 tab-aways submits a monitored test', async () => {
    const test = await createTestTask(t.deps.db, { task: { isTabAlertAllowed: 0, warnings: 3 } });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    const one = await post('/api/task/v1/saveSessionDetails', me, { TestSessionID: s.TestSessionID, localState: { activeQuestion: 2 }, tabChangeWarnings: 1 });
    expect(one.json().body).toMatchObject({ tabChangeWarnings: 1, testResult: null });
    const stale = await post('/api/task/v1/saveSessionDetails', me, { TestSessionID: s.TestSessionID, tabChangeWarnings: 0 });
    expect(stale.json().body.tabChangeWarnings).toBe(1);
    const two = await post('/api/task/v1/saveSessionDetails', me, { TestSessionID: s.TestSessionID, tabChangeWarnings: 2 });
    expect(two.json().body.testResult).toMatchObject({ submitReason: 'warnings' });
    expect((await post('/api/task/v1/saveSessionDetails', me, { TestSessionID: s.TestSessionID, tabChangeWarnings: 1 })).statusCode).toBe(409);
    expect((await post('/api/task/v1/saveSessionDetails', other, { TestSessionID: s.TestSessionID })).statusCode).toBe(404);
    expect((await post('/api/task/v1/saveSessionDetails', me, { TestSessionID: s.TestSessionID, tabChangeWarnings: -1 })).statusCode).toBe(400);
    expect((await post('/api/task/v1/saveSessionDetails', undefined, { TestSessionID: s.TestSessionID })).statusCode).toBe(401);
  });
});

describe('POST /api/task/v1/instruction', () => {
  it('gives the instructions of a test', async () => {
    const test = await createTestTask(t.deps.db, { task: { instructions: '<p>Read carefully</p>', durationMinutes: 45 } });
    const res = await post('/api/task/v1/instruction', student, { instructionType: 1, courseID: test.course.id, taskID: test.task.id });
    expect(res.json().body).toMatchObject({ instructionData: '<p>Read carefully</p>', totalDuration: 2700, totalQuestions: 3, totalMarks: 12 });
    // The marking scheme the screen states: every question of the section at the same marks.
    const [section] = res.json().body.sections as Array<{ marking: Array<{ marks: number; negativeMarks: number; questions: number }> }>;
    expect(section!.marking).toHaveLength(1);
    expect(section!.marking[0]).toMatchObject({ marks: 4, questions: 3 });
    expect((await post('/api/task/v1/instruction', student, { courseID: test.course.id })).statusCode).toBe(400);
    expect((await post('/api/task/v1/instruction', teacher, { courseID: test.course.id, taskID: test.task.id })).statusCode).toBe(403);
    expect((await post('/api/task/v1/instruction', undefined, { courseID: test.course.id, taskID: test.task.id })).statusCode).toBe(401);

  });
});

describe('POST /api/task/v1/reportQuestion', () => {
  it('records a report; the reason is required', async () => {
    const test = await createTestTask(t.deps.db);
    const ok = await post('/api/task/v1/reportQuestion', student, { questionTaskMapID: test.mapIds[0], message: 'Option B and C are the same' });
    expect(ok.json()).toMatchObject({ status: true, message: 'Thank you. The question has been reported.' });
    const empty = await post('/api/task/v1/reportQuestion', student, { questionTaskMapID: test.mapIds[0], message: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('You must assign the error message.');
    expect((await post('/api/task/v1/reportQuestion', student, { questionTaskMapID: 99999999, message: 'x' })).statusCode).toBe(400);
    const s = await startAttempt(t, await t.createUser({ role: 'Student' }), test);
    expect((await post('/api/task/v1/reportQuestion', student, { questionTaskMapID: test.mapIds[0], message: 'x', TestSessionID: s.TestSessionID })).statusCode).toBe(404);
    expect((await post('/api/task/v1/reportQuestion', teacher, { questionTaskMapID: test.mapIds[0], message: 'x' })).statusCode).toBe(403);
    expect((await post('/api/task/v1/reportQuestion', undefined, { questionTaskMapID: test.mapIds[0], message: 'x' })).statusCode).toBe(401);
  });
});

describe('the code runner’s question entry', () => {
  it('gives the runner the cases of a question the student may run, and only while the attempt is open', async () => {
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [secretQuestions[2] as never, {}] }] });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    const exam = t.app.services.exam;
    const actor = actorOf(me);
    const questionId = test.sections[0]!.questions[0]!.question.id;
    const forRun = await exam.getProgrammingQuestionForRun(actor, { taskId: test.task.id, questionId, attemptId: s.TestSessionID });
    expect(forRun).toEqual({
      questionId,
      allowedLanguages: ['Python', 'C'],
      sampleCases: [{ input: '1 2', output: '3' }],
      hiddenCases: [{ input: 'SECRET 40 2', output: '42' }],
      timeLimitMs: 2000,
      memoryLimitMb: 128,
      // Not set on the question: a Submit shows only the total.
      hiddenCaseResults: 'total',
    });
    const otherActor = { ...actor, userId: other.id };
    await expect(exam.getProgrammingQuestionForRun(otherActor, { taskId: test.task.id, questionId, attemptId: s.TestSessionID })).rejects.toMatchObject({ statusCode: 404 });
    await expect(exam.getProgrammingQuestionForRun(actor, { taskId: test.task.id, questionId: test.sections[0]!.questions[1]!.question.id })).rejects.toMatchObject({ statusCode: 422 });
    await submitTest(t, me, s.TestSessionID, test.task.id);
    await expect(exam.getProgrammingQuestionForRun(actor, { taskId: test.task.id, questionId, attemptId: s.TestSessionID })).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('restart', () => {
  it('keeps every confirmed answer and the remaining time when the server is started again', async () => {
    const test = await createTestTask(t.deps.db, { task: { durationMinutes: 60 } });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 7 }]);
    t.clock.advance(10 * 60_000);
    const { buildApp } = await import('../../app.js');
    const second = await buildApp(t.deps);
    try {
      await second.ready();
      const res = await second.inject({
        method: 'POST',
        url: '/api/task/v1/getSessionDetails',
        headers: me.headers,
        payload: { TestSessionID: s.TestSessionID, taskID: test.task.id },
      });
      const body = JSON.parse(res.body).body as ExamSession;
      expect(body.RemainingTime).toBe(3000);
      expect(body.section[0]!.question[0]).toMatchObject({ answerID: 2, seq: 7 });
    } finally {
      await second.close();
    }
  });
});

describe('access matrix (every exam call)', () => {
  it('answers 401 without a token, 403 for the wrong role, 400 for missing input, 404 for unknown records', async () => {
    const parent = await t.createUser({ role: 'Parent' });
    await expectAccessMatrix(t, examRoutes, { student, teacher, parent }, {
      samples: {
        isAnyActiveTestSession: {},
        checkSession: { body: { TestSessionID: 'x' } },
        getSessionDetails: { body: { TestSessionID: 'x', taskID: 999999 } },
        content: { query: 'key=999999-aaaaaaaaaaaaaaaaaaaaaaaa' },
        practise: { body: { taskID: 999999, courseID: 999999 } },
        saveSessionDetails: { body: { TestSessionID: 'x' } },
        completeSection: { body: { TestSessionID: 'x', sectionIndex: 0 } },
        instruction: { body: { courseID: 999999, taskID: 999999 } },
        saveAnswer: { body: { TestSessionID: 'x', data: [{ questionTaskMapID: 999999, questionType: 'singleChoice', answerID: 1, seq: 1 }] } },
        submitTest: { body: { TestSessionID: 'x', TaskID: 999999 } },
        revealAnswer: { body: { TestSessionID: 'x', questionTaskMapID: 999999 } },
        reportQuestion: { body: { questionTaskMapID: 999999, message: 'm' } },
      },
      needsNoInput: ['isAnyActiveTestSession'],
    });
  });
});
