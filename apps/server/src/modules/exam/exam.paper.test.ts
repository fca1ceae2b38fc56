import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers, examAttempts } from '../../db/schema/index.js';
import { createTestTask, startAttempt, submitTest } from '../../../test/factories/academy.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { marksByQuestion } from '../../../test/attempt-marks.js';

let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  student = await t.createUser({ role: 'Student' });
});
afterAll(async () => t.close());

const paperAttempts = (taskId: number) =>
  t.deps.db.select().from(examAttempts).where(and(eq(examAttempts.userId, student.id), eq(examAttempts.taskId, taskId), eq(examAttempts.submitReason, 'paper')));

describe('exam.recordPaperAttempt', () => {
  it('scores sheet positions against the options: right, several marks (invalid: no marks, no negative), none; each question gets its status', async () => {
    // Keys are the second option (B); 4 marks, −1 wrong.
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}, {}, {}] }] });
    const at = new Date('2026-11-20T09:00:00Z');
    const result = await t.app.services.exam.recordPaperAttempt({ userId: student.id, taskId: test.task.id, choices: [1, 'invalid', null, 0], at });
    expect(result).toMatchObject({ created: true, scored: 3, total: 16, courseId: test.course.id });
    const [attempt] = await paperAttempts(test.task.id);
    expect(attempt).toMatchObject({ status: 'submitted', submittedAt: at, startedAt: at, submitReason: 'paper', negativeMarksLost: 1 });
    const answers = await t.deps.db.select().from(examAnswers).where(eq(examAnswers.attemptId, attempt!.id));
    const byMap = new Map(answers.map((a) => [a.questionTaskMapId, a]));
    const marks = await marksByQuestion(t.deps.db, attempt!.id);
    expect(test.mapIds.map((id) => marks.get(id)?.status)).toEqual(['correct', 'unanswered', 'unanswered', 'wrong']);
    expect(test.mapIds.map((id) => marks.get(id)?.marksAwarded)).toEqual([4, 0, 0, -1]);
    expect(byMap.get(test.mapIds[0]!)?.answerId).toBe(2);
    // Several marks choose nothing: no option is saved, and the answer says the sheet was invalid there.
    expect(byMap.get(test.mapIds[1]!)).toMatchObject({ answerId: null, answerData: { paper: 'invalid' } });
    expect(byMap.get(test.mapIds[2]!)).toMatchObject({ answerId: null, answerData: null });

    // The feedback report says so, in the student's language, instead of listing every option.
    const url = `/api/task/v1/feedbackReport?courseId=${test.course.id}&taskId=${test.task.id}&attemptId=${attempt!.id}`;
    const res = await t.call({ method: 'GET', url, headers: { authorization: `Bearer ${student.token}` } });
    expect(res.statusCode).toBe(200);
    const items = res.json().body.QuestionsWithAnswer as { answerID: unknown; paperInvalid?: boolean; status: string; marksAwarded: number }[];
    expect(items[1]).toMatchObject({ answerID: null, paperInvalid: true, status: 'unanswered', marksAwarded: 0 });
    expect(items[0]).toMatchObject({ answerID: 2, status: 'correct' });
    expect(items[0]!.paperInvalid).toBeFalsy();
  });

  it('keeps one paper attempt per student and test: recording again re-scores it, beside an online attempt', async () => {
    const test = await createTestTask(t.deps.db, { task: { attemptsAllowed: 2 } });
    const online = await startAttempt(t, student, test);
    await submitTest(t, student, online.TestSessionID, test.task.id);
    const first = await t.app.services.exam.recordPaperAttempt({ userId: student.id, taskId: test.task.id, choices: [0, 0, 0], at: new Date() });
    const again = await t.app.services.exam.recordPaperAttempt({ userId: student.id, taskId: test.task.id, choices: [1, 1, null], at: new Date() });
    expect(first).toMatchObject({ created: true, scored: -3 });
    expect(again).toMatchObject({ created: false, attemptId: first.attemptId, scored: 8 });
    expect(await paperAttempts(test.task.id)).toHaveLength(1);
    const all = await t.deps.db.select().from(examAttempts).where(and(eq(examAttempts.userId, student.id), eq(examAttempts.taskId, test.task.id)));
    expect(all).toHaveLength(2);
  });
});
