import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { examAnswers } from '../../db/schema/index.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, submitTest } from '../../../test/factories/academy.js';
import { createExamTestApp } from '../../../test/exam-fixtures.js';

let t: TestApp;
let student: TestUser;

beforeAll(async () => {
  ({ t } = await createExamTestApp());
});
// Each case with a student of its own: one test in progress does not hold up another.
beforeEach(async () => {
  student = await t.createUser({ role: 'Student' });
});
afterAll(async () => t.close());

/** Two numerical-value questions (a tolerance with a unit, and a range), 4 marks, −1 when wrong. */
let made = 0;
const numericalTest = (task: object = {}) => {
  made++;
  return createTestTask(t.deps.db, {
    task,
    sections: [
      {
        questions: [
          { questionType: 'numerical', data: `g in m/s² (${made})?`, options: [], correctAnswerId: null, correctAnswerData: { value: 9.8, tolerance: 0.1, unit: 'm/s²' }, marks: 4, negativeMarks: 1, explanation: 'Near the surface.' },
          { questionType: 'numerical', data: `A number from 1 to 2 (${made}).`, options: [], correctAnswerId: null, correctAnswerData: { min: 1, max: 2 }, marks: 4, negativeMarks: 1 },
        ] as never,
      },
    ],
  });
};

const post = (url: string, payload: object) => t.call({ method: 'POST', url, headers: student.headers, payload });

describe('a numerical value in an attempt', () => {
  it('never serves the key, refuses an answer of the wrong shape with 400 and writes nothing', async () => {
    const test = await numericalTest();
    const session = await startAttempt(t, student, test);
    // The key as a JSON value (a number or a string): a time such as "…:59.812Z" holds the digits too.
    expect(JSON.stringify(session)).not.toMatch(/[:,[]"?9\.8"?[,}\]]/);
    expect(JSON.stringify(session)).not.toContain('m/s²"');
    const answers = async () => (await t.deps.db.select().from(examAnswers)).filter((a) => a.attemptId === session.TestSessionID);
    const typed = (value: string) => ({ answerID: 'number', answerData: [{ id: 'number', value }] });
    for (const [answer, field] of [
      [{ answerID: '9.8' }, 'answerID'],
      [{ answerID: 3 }, 'answerID'],
      [typed('9,8'), 'answerData'],
      [typed('-'), 'answerData'],
      [typed('1e3'), 'answerData'],
      [{ answerID: 'number', answerData: [{ id: 'x-0', value: '9.8' }] }, 'answerData'],
      [{ answerID: 'number', answerData: '9.8' }, 'answerData'],
    ] as const) {
      const res = await saveAnswers(t, student, session.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'numerical', ...answer, seq: 1 }]);
      expect(res.statusCode, JSON.stringify(answer)).toBe(400);
      expect(res.json().body).toMatchObject({ code: 'EXAM_QUESTION_TYPE_MISMATCH', fields: { [`data.0.${field}`]: expect.stringContaining('form') } });
    }
    expect(await answers()).toEqual([]);
    const notANumber = await saveAnswers(t, student, session.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'numerical', answerID: 9.8, seq: 1 }]);
    expect(notANumber.statusCode).toBe(400);
    expect(await answers()).toEqual([]);
  });

  it('scores full marks inside the tolerance or range and the negative mark outside it', async () => {
    const test = await numericalTest();
    const session = await startAttempt(t, student, test);
    const saved = await saveAnswers(t, student, session.TestSessionID, [
      { questionTaskMapID: test.mapIds[0]!, questionType: 'numerical', answerID: 'number', answerData: [{ id: 'number', value: '9.85' }], seq: 1 },
      { questionTaskMapID: test.mapIds[1]!, questionType: 'numerical', answerID: 'number', answerData: [{ id: 'number', value: '2.5' }], seq: 1 },
    ]);
    expect(saved.statusCode).toBe(200);
    // The saved answer comes back as typed (the session serves it to the player on a reload).
    const reloaded = await startAttempt(t, student, test);
    expect(reloaded.section[0]!.question[0]).toMatchObject({ answerID: 'number', answerData: [{ id: 'number', value: '9.85' }] });
    const submitted = await submitTest(t, student, session.TestSessionID, test.task.id);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().body).toMatchObject({ total: 8, scored: 3 });
  });

  it('reveals the key with its tolerance and unit in practice', async () => {
    const test = await numericalTest({ testType: 'practice', durationMinutes: null });
    const session = await startAttempt(t, student, test);
    await saveAnswers(t, student, session.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'numerical', answerID: 'number', answerData: [{ id: 'number', value: '9.7' }], seq: 1 }]);
    const revealed = await post('/api/task/v1/revealAnswer', { TestSessionID: session.TestSessionID, questionTaskMapID: test.mapIds[0] });
    expect(revealed.json().body).toMatchObject({ correctAnswerID: null, correctAnswerData: { value: 9.8, tolerance: 0.1, unit: 'm/s²' }, isCorrect: true, marksAwarded: 4 });
    const unanswered = await post('/api/task/v1/revealAnswer', { TestSessionID: session.TestSessionID, questionTaskMapID: test.mapIds[1] });
    expect(unanswered.json().body).toMatchObject({ correctAnswerData: { min: 1, max: 2 }, isCorrect: null });
  });
});
