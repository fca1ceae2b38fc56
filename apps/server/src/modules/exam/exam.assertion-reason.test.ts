import { assertionReasonOptions, assertionReasonStatement } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers } from '../../db/schema/index.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, type BuiltTest } from '../../../test/factories/academy.js';
import { createExamTestApp } from '../../../test/exam-fixtures.js';

let t: TestApp;
let student: TestUser;
let test: BuiltTest;
let attemptId: string;

beforeAll(async () => {
  ({ t, student } = await createExamTestApp());
  test = await createTestTask(t.deps.db, {
    sections: [
      {
        questions: [
          {
            questionType: 'assertionReason',
            data: assertionReasonStatement('en', { assertion: 'Enzymes speed up reactions.', reason: 'They lower the activation energy.' }),
            options: assertionReasonOptions('en'),
            correctAnswerId: 1,
          },
        ] as never,
      },
    ],
  });
  attemptId = (await startAttempt(t, student, test)).TestSessionID;
});
afterAll(async () => t.close());

const answersInDb = async () => (await t.deps.db.select().from(examAnswers)).filter((a) => a.attemptId === attemptId);

describe('an assertion–reason answer', () => {
  it.each([
    ['a list of options', { answerID: [1] }, 'answerID'],
    ['a written answer', { answerID: 'text', answerData: 'A is true' }, 'answerID'],
    ['an option with data', { answerID: 1, answerData: 'because' }, 'answerData'],
  ])('of the wrong shape (%s) is refused with 400, the field named, nothing written', async (_name, answer, field) => {
    const before = JSON.stringify(await answersInDb());
    const res = await saveAnswers(t, student, attemptId, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'assertionReason', ...answer, seq: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, body: { code: 'EXAM_QUESTION_TYPE_MISMATCH', fields: { [`data.0.${field}`]: expect.any(String) } } });
    expect(JSON.stringify(await answersInDb())).toBe(before);
  });

  it('of one option is saved', async () => {
    const res = await saveAnswers(t, student, attemptId, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'assertionReason', answerID: 3, seq: 1 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await answersInDb()).map((a) => a.answerId)).toEqual([3]);
  });
});
