import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.js';
import { addQuestionToTask, createTestTask, saveAnswers, startAttempt, submitTest } from '../../../test/factories/academy.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  student = await t.createUser({ role: 'Student' });
});
afterAll(async () => t.close());

const practise = (user: TestUser, test: { course: { id: number }; task: { id: number } }) =>
  t.call({ method: 'POST', url: '/api/task/v1/practise', headers: user.headers, payload: { taskID: test.task.id, courseID: test.course.id, languageID: 1 } });
const reveal = (user: TestUser, attemptId: string, mapId: number) =>
  t.call({ method: 'POST', url: '/api/task/v1/revealAnswer', headers: user.headers, payload: { TestSessionID: attemptId, questionTaskMapID: mapId } });
const report = (user: TestUser, test: { course: { id: number }; task: { id: number } }, attemptId: string) =>
  t.call({ method: 'GET', url: `/api/task/v1/feedbackReport?courseId=${test.course.id}&taskId=${test.task.id}&attemptId=${attemptId}`, headers: user.headers });

describe('a graded test allows one attempt', () => {
  it('refuses a second attempt once the first is submitted, after its report showed the keys', async () => {
    const graded = await createTestTask(t.deps.db, { sections: [{ questions: [{ explanation: 'SECRET why' }, {}] }] });
    const first = await startAttempt(t, student, graded);
    // Before submission the report, and with it every key, is refused.
    expect((await report(student, graded, first.TestSessionID)).statusCode).toBe(409);
    await saveAnswers(t, student, first.TestSessionID, [{ questionTaskMapID: graded.mapIds[0]!, questionType: 'singleChoice', answerID: 1, seq: 1 }]);
    expect((await submitTest(t, student, first.TestSessionID, graded.task.id)).statusCode).toBe(200);
    const shown = await report(student, graded, first.TestSessionID);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('SECRET why');

    const retake = await practise(student, graded);
    expect(retake.statusCode).toBe(409);
    expect(retake.json()).toMatchObject({ status: false, body: { code: 'EXAM_ATTEMPTS_USED' } });
    expect(retake.body).not.toContain('SECRET');
    const attempts = await t.deps.db.query.examAttempts.findMany({ where: (a, { and, eq: is }) => and(is(a.userId, student.id), is(a.taskId, graded.task.id)) });
    expect(attempts).toHaveLength(1);
  });

  it('resumes the open attempt rather than refusing it, and counts an attempt submitted by the clock', async () => {
    const graded = await createTestTask(t.deps.db, { task: { durationMinutes: 10 } });
    const me = await t.createUser({ role: 'Student' });
    const first = await startAttempt(t, me, graded);
    const again = await practise(me, graded);
    expect(again.statusCode).toBe(200);
    expect(again.json().body.TestSessionID).toBe(first.TestSessionID);
    t.clock.advance(11 * 60_000);
    await t.app.services.exam.sweepExpired();
    expect((await practise(me, graded)).statusCode).toBe(409);
  });

  it('leaves other students and practice sets free to start again', async () => {
    const graded = await createTestTask(t.deps.db);
    const me = await t.createUser({ role: 'Student' });
    const classmate = await t.createUser({ role: 'Student' });
    const mine = await startAttempt(t, me, graded);
    await submitTest(t, me, mine.TestSessionID, graded.task.id);
    expect((await practise(classmate, graded)).statusCode).toBe(200);

    const practice = await createTestTask(t.deps.db, { task: { testType: 'practice', durationMinutes: null } });
    const once = await startAttempt(t, me, practice);
    await submitTest(t, me, once.TestSessionID, practice.task.id);
    const twice = await practise(me, practice);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().body.TestSessionID).not.toBe(once.TestSessionID);
  });
});

describe('one graded test in progress at a time', () => {
  it('refuses to start a second graded test while one is open, and allows it once the first is submitted', async () => {
    const first = await createTestTask(t.deps.db, { task: { durationMinutes: 30 } });
    const second = await createTestTask(t.deps.db, { task: { durationMinutes: 30 } });
    const practice = await createTestTask(t.deps.db, { task: { testType: 'practice', durationMinutes: null } });
    const me = await t.createUser({ role: 'Student' });
    const open = await startAttempt(t, me, first);

    const refused = await practise(me, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: false, body: { code: 'EXAM_ANOTHER_TEST_IN_PROGRESS' } });
    const attempts = await t.deps.db.query.examAttempts.findMany({ where: (a, { and, eq: is }) => and(is(a.userId, me.id), is(a.taskId, second.task.id)) });
    expect(attempts).toHaveLength(0);
    // Resuming the open one and practising stay possible.
    expect((await practise(me, first)).json().body.TestSessionID).toBe(open.TestSessionID);
    expect((await practise(me, practice)).statusCode).toBe(200);

    await submitTest(t, me, open.TestSessionID, first.task.id);
    expect((await practise(me, second)).statusCode).toBe(200);
  });

  it('lets a test whose time ran out stop blocking the next one', async () => {
    const first = await createTestTask(t.deps.db, { task: { durationMinutes: 5 } });
    const second = await createTestTask(t.deps.db, { task: { durationMinutes: 5 } });
    const me = await t.createUser({ role: 'Student' });
    await startAttempt(t, me, first);
    expect((await practise(me, second)).statusCode).toBe(409);
    t.clock.advance(6 * 60_000);
    expect((await practise(me, second)).statusCode).toBe(200);
  });
});

describe('a question of an open graded test is never revealed in practice', () => {
  it('refuses revealAnswer and hides the key in the practice report while the graded test is open', async () => {
    const graded = await createTestTask(t.deps.db, { sections: [{ questions: [{ explanation: 'SECRET shared', solution: 'SECRET solution' }] }] });
    const shared = graded.sections[0]!.questions[0]!.question;
    const practice = await createTestTask(t.deps.db, { task: { testType: 'practice', durationMinutes: null }, sections: [{ questions: [{ explanation: 'free to see' }] }] });
    const sharedMap = await addQuestionToTask(t.deps.db, practice.task.id, practice.sections[0]!.id, shared.id, 1);
    const me = await t.createUser({ role: 'Student' });
    const session = await startAttempt(t, me, practice);

    const refused = await reveal(me, session.TestSessionID, sharedMap);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().body.code).toBe('EXAM_REVEAL_NOT_ALLOWED');
    expect(refused.body).not.toContain('SECRET');
    const allowed = await reveal(me, session.TestSessionID, practice.mapIds[0]!);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().body.explanation).toBe('free to see');

    await submitTest(t, me, session.TestSessionID, practice.task.id);
    const practiceReport = await report(me, practice, session.TestSessionID);
    expect(practiceReport.statusCode).toBe(200);
    expect(practiceReport.body).not.toContain('SECRET');
    const rows = practiceReport.json().body.QuestionsWithAnswer as { questionTaskMapID: number; correctAnswerID: unknown; explanation: unknown }[];
    expect(rows.find((r) => r.questionTaskMapID === sharedMap)).toMatchObject({ correctAnswerID: null, explanation: null });
    expect(rows.find((r) => r.questionTaskMapID === practice.mapIds[0])).toMatchObject({ correctAnswerID: 2, explanation: 'free to see' });
  });

  it('refuses the reveal of another question with the same text (a copy), in practice and its report', async () => {
    const text = 'Which organelle is the powerhouse of the cell?';
    const graded = await createTestTask(t.deps.db, { sections: [{ questions: [{ data: text, explanation: 'SECRET graded copy', solution: 'SECRET solution' }] }] });
    // The practice copy: another question id, the same statement but for case and spacing.
    const practice = await createTestTask(t.deps.db, {
      task: { testType: 'practice', durationMinutes: null },
      sections: [{ questions: [{ data: `  ${text.toUpperCase().replace(/ /g, '   ')} `, explanation: 'SECRET practice copy' }, { explanation: 'free to see' }] }],
    });
    expect(practice.sections[0]!.questions[0]!.question.id).not.toBe(graded.sections[0]!.questions[0]!.question.id);
    const me = await t.createUser({ role: 'Student' });
    const session = await startAttempt(t, me, practice);
    const refused = await reveal(me, session.TestSessionID, practice.mapIds[0]!);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().body.code).toBe('EXAM_REVEAL_NOT_ALLOWED');
    expect(refused.body).not.toContain('SECRET');
    expect((await reveal(me, session.TestSessionID, practice.mapIds[1]!)).statusCode).toBe(200);
    await submitTest(t, me, session.TestSessionID, practice.task.id);
    const practiceReport = await report(me, practice, session.TestSessionID);
    expect(practiceReport.statusCode).toBe(200);
    expect(practiceReport.body).not.toContain('SECRET');

    // Once the graded test closes, the copy's key is the practice's to show.
    await t.deps.db.update(tasks).set({ isPublished: false }).where(eq(tasks.id, graded.task.id));
    const other = await t.createUser({ role: 'Student' });
    const later = await startAttempt(t, other, practice);
    const revealed = await reveal(other, later.TestSessionID, practice.mapIds[0]!);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().body.explanation).toBe('SECRET practice copy');
  });

  it('reveals it again once the graded test is no longer open (unpublished)', async () => {
    const graded = await createTestTask(t.deps.db);
    const shared = graded.sections[0]!.questions[0]!.question;
    const practice = await createTestTask(t.deps.db, { task: { testType: 'practice', durationMinutes: null }, sections: [{ questions: [] }] });
    const sharedMap = await addQuestionToTask(t.deps.db, practice.task.id, practice.sections[0]!.id, shared.id, 0);
    const me = await t.createUser({ role: 'Student' });
    const session = await startAttempt(t, me, practice);
    expect((await reveal(me, session.TestSessionID, sharedMap)).statusCode).toBe(403);
    await t.deps.db.update(tasks).set({ isPublished: false }).where(eq(tasks.id, graded.task.id));
    const revealed = await reveal(me, session.TestSessionID, sharedMap);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().body.correctAnswerID).toBe(2);
  });
});
