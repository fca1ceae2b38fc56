import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, submitTest } from '../../../test/factories/academy.js';
import { createExamTestApp } from '../../../test/exam-fixtures.js';

let t: TestApp;
let student: TestUser;

beforeAll(async () => {
  ({ t } = await createExamTestApp());
});
beforeEach(async () => {
  student = await t.createUser({ role: 'Student' });
});
afterAll(async () => t.close());

const options = [1, 2, 3, 4].map((answerID) => ({ answerID, answerData: `Option ${answerID}` }));

/** Four multiple-correct questions with JEE Advanced marking (+4, −2; options 1 and 3 right), and one single-choice question (+4, −1). */
let made = 0;
const jeeTest = () => {
  made++;
  const jee = (n: number) => ({ questionType: 'multipleChoice', marking: 'jee-advanced', data: `Which are right (${made}.${n})?`, options, correctAnswerId: [1, 3], marks: 4, negativeMarks: 2 });
  return createTestTask(t.deps.db, {
    sections: [{ name: 'Paper 1', questions: [jee(1), jee(2), jee(3), jee(4), { data: `One right (${made})`, options, correctAnswerId: 2, marks: 4, negativeMarks: 1 }] as never }],
  });
};

describe('a test with JEE Advanced marking of multiple-correct questions', () => {
  it('scores all right +4, some right and no wrong +1 each, any wrong −2, none 0', async () => {
    const test = await jeeTest();
    const session = await startAttempt(t, student, test);
    const saved = await saveAnswers(t, student, session.TestSessionID, [
      { questionTaskMapID: test.mapIds[0]!, questionType: 'multipleChoice', answerID: [1, 3], seq: 1 },
      { questionTaskMapID: test.mapIds[1]!, questionType: 'multipleChoice', answerID: [3], seq: 1 },
      { questionTaskMapID: test.mapIds[2]!, questionType: 'multipleChoice', answerID: [1, 4], seq: 1 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await submitTest(t, student, session.TestSessionID, test.task.id);
    expect(submitted.statusCode).toBe(200);
    // 4 + 1 − 2 + 0 (unanswered) + 0 (single choice unanswered) of 20.
    expect(submitted.json().body).toMatchObject({ total: 20, scored: 3 });
  });

  it('says so in the instructions’ marking scheme, apart from the questions marked plainly', async () => {
    const test = await jeeTest();
    const res = await t.call({ method: 'POST', url: '/api/task/v1/instruction', headers: student.headers, payload: { instructionType: 1, courseID: test.course.id, taskID: test.task.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().body.sections[0].marking).toEqual([
      { marks: 4, negativeMarks: 2, questions: 4, scheme: 'jee-advanced' },
      { marks: 4, negativeMarks: 1, questions: 1 },
    ]);
  });
});
