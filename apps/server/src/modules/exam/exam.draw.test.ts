import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskSections, tasks } from '../../db/schema/index.js';
import { createQuestion, createTestTask, createTopic, saveAnswers, startAttempt, submitTest, type BuiltTest, type QuestionRow } from '../../../test/factories/academy.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let student: TestUser;
let other: TestUser;
let test: BuiltTest;
let pool: QuestionRow[];

beforeAll(async () => {
  t = await createTestApp();
  student = await t.createUser({ role: 'Student' });
  other = await t.createUser({ role: 'Student' });
  // One picked section, and a second that draws three of six bank questions on its topic (+2/−0.5).
  test = await createTestTask(t.deps.db, { sections: [{ name: 'Picked', questions: [{}] }, { name: 'Drawn', questions: [] }] });
  const topic = await createTopic(t.deps.db, test.course.id, { name: 'Optics' });
  pool = [];
  for (let i = 0; i < 6; i++) pool.push(await createQuestion(t.deps.db, { topicIds: [topic.id], correctAnswerId: 2 }));
  await t.deps.db
    .update(taskSections)
    .set({ questionSource: 'draw', drawRule: { count: 3, topicIds: [topic.id], difficulties: [], marks: 2, negativeMarks: 0.5 } })
    .where(eq(taskSections.id, test.sections[1]!.id));
});
afterAll(async () => t.close());

const post = (url: string, user: TestUser, payload: object) => t.call({ method: 'POST', url: `/api/task/v1/${url}`, headers: user.headers, payload });
const drawnIds = (session: Awaited<ReturnType<typeof startAttempt>>) => session.section[1]!.question.map((q) => q.questionTaskMapID);

describe('random sections at the exam start', () => {
  it('counts a draw in the instructions before any attempt exists', async () => {
    const res = await post('instruction', student, { taskID: test.task.id, courseID: test.course.id });
    expect(res.json().body).toMatchObject({ totalQuestions: 4, totalMarks: 4 + 6, sections: [{ totalQuestions: 1 }, { sectionName: 'Drawn', totalQuestions: 3, totalMarks: 6 }] });
  });

  it('draws once when the attempt starts: a resume and the session details show the same questions', async () => {
    const first = await startAttempt(t, student, test);
    const drawn = drawnIds(first);
    expect(drawn).toHaveLength(3);
    expect(new Set(first.section[1]!.question.map((q) => q.questionID)).size).toBe(3);
    expect(first.section[1]!.question.every((q) => pool.some((p) => p.id === q.questionID))).toBe(true);
    expect(first.section[1]!.question[0]).toMatchObject({ marks: 2, negativeMarks: 0.5 });
    expect(drawnIds(await startAttempt(t, student, test))).toEqual(drawn);
    const details = await post('getSessionDetails', student, { TestSessionID: first.TestSessionID, taskID: test.task.id });
    expect(drawnIds(details.json().body)).toEqual(drawn);
    // The drawn questions (random per attempt) come whole in the session; the picked one is in the
    // served set's content resource, the draws are not.
    const sent = details.json().body;
    expect(sent.contentKey).toMatch(/^\d+-/);
    expect(sent.section[0].question[0]).not.toHaveProperty('questionData');
    expect(sent.section[1].question.every((q: { questionData?: string; languages?: unknown[] }) => typeof q.questionData === 'string' && q.languages!.length > 0)).toBe(true);
    const content = await t.call({ method: 'GET', url: `/api/exam/v1/content?key=${sent.contentKey}`, headers: student.headers });
    expect(content.json().body.questions.map((q: { questionTaskMapID: number }) => q.questionTaskMapID)).toEqual([test.mapIds[0]]);
    expect(content.json().body.sections.map((s: { sectionName: string }) => s.sectionName)).toEqual(['Picked']);
  });

  it('scores the drawn questions with the rule’s marks at submit', async () => {
    const session = await startAttempt(t, student, test);
    const [right, wrong] = session.section[1]!.question;
    await saveAnswers(t, student, session.TestSessionID, [
      { questionTaskMapID: right!.questionTaskMapID, questionType: 'singleChoice', answerID: 2, seq: 1 },
      { questionTaskMapID: wrong!.questionTaskMapID, questionType: 'singleChoice', answerID: 1, seq: 1 },
    ]);
    const res = await submitTest(t, student, session.TestSessionID, test.task.id);
    expect(res.statusCode, res.body).toBe(200);
    const attempt = await t.deps.db.query.examAttempts.findFirst({ where: (a, { eq: is }) => is(a.id, session.TestSessionID) });
    expect(attempt).toMatchObject({ status: 'submitted', total: 10, scored: 2 - 0.5 });
  });

  it('allows the attempts the test is configured for, each with its own draw from the same pool', async () => {
    await t.deps.db.update(tasks).set({ attemptsAllowed: 2 }).where(eq(tasks.id, test.task.id));
    const first = await startAttempt(t, other, test);
    expect((await submitTest(t, other, first.TestSessionID, test.task.id)).statusCode).toBe(200);
    const second = await startAttempt(t, other, test);
    expect(second.TestSessionID).not.toBe(first.TestSessionID);
    expect(second.section[1]!.question.every((q) => pool.some((p) => p.id === q.questionID))).toBe(true);
    expect((await submitTest(t, other, second.TestSessionID, test.task.id)).statusCode).toBe(200);
    const third = await post('practise', other, { taskID: test.task.id, courseID: test.course.id, languageID: 1 });
    expect(third.statusCode).toBe(409);
    expect(third.json().body.code).toBe('EXAM_ATTEMPTS_USED');
  });
});
