import { generatedCodes } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../../test/test-app.js';
import { createTestApp } from '../../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../../test/factories/academy.js';
import { createInstitute, placeIn } from '../../../../test/factories/scope.js';
import { jsonCalls } from '../../../../test/exam-fixtures.js';

/** Item statistics of matching questions: the four codes of a coded one are its options; one in pairs has none. */
let t: TestApp;
let teacher: TestUser;
let test: BuiltTest;
const { get } = jsonCalls(() => t);

const PAIRS = [
  { left: 101, right: 202 },
  { left: 102, right: 201 },
  { left: 103, right: 203 },
];
const LISTS = ['Kidney', 'Lung', 'Heart', 'Gas exchange', 'Filtration', 'Pumping'].map((answerData, i) => ({ answerID: i < 3 ? 101 + i : 198 + i, answerData }));
const CODES = generatedCodes(PAIRS, [201, 202, 203])!;
const wrongCode = CODES.correct === 1 ? 2 : 1;

beforeAll(async () => {
  t = await createTestApp();
  const institute = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(institute) });
  test = await createTestTask(t.deps.db, {
    task: { name: 'Matching check' },
    sections: [
      {
        questions: [
          { questionType: 'matching', options: LISTS, correctAnswerId: null, correctAnswerData: { presentation: 'pairs', pairs: PAIRS } },
          {
            questionType: 'matching',
            options: [...LISTS, ...CODES.codes.map((answerData, i) => ({ answerID: i + 1, answerData }))],
            correctAnswerId: CODES.correct,
            correctAnswerData: { presentation: 'coded', pairs: PAIRS },
          },
        ] as never,
      },
    ],
  });
  const [pairsItem, codedItem] = test.mapIds as [number, number];
  const plans = [
    [CODES.correct, [202, 201, 203]],
    [wrongCode, [201, 202, 203]],
  ] as const;
  for (const [code, rights] of plans) {
    const student = await t.createUser({ role: 'Student', ...placeIn(institute, 0, 0) });
    const session = await startAttempt(t, student, test);
    const saved = await saveAnswers(t, student, session.TestSessionID, [
      { questionTaskMapID: pairsItem, questionType: 'matching', answerID: 'pairs', answerData: rights.map((right, i) => ({ id: String(101 + i), value: String(right) })), timeSpent: 5, seq: 1 },
      { questionTaskMapID: codedItem, questionType: 'matching', answerID: code, timeSpent: 5, seq: 1 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await submitTest(t, student, session.TestSessionID, test.task.id)).statusCode).toBe(200);
  }
});
afterAll(async () => t.close());

describe('item statistics of matching questions', () => {
  it('analyse the four codes of a coded question and no options of one in pairs', async () => {
    const res = await get(`/api/reports/v1/examStatistics?taskId=${test.task.id}`, teacher);
    expect(res.statusCode, res.body).toBe(200);
    const [pairsItem, codedItem] = res.json().body.items;
    expect(pairsItem.options).toEqual([]);
    expect(pairsItem.counts).toMatchObject({ correct: 1, wrong: 1 });
    const options = codedItem.options as { answerId: number; label: string; isCorrect: boolean; chosen: number }[];
    expect(options.map((o) => o.answerId)).toEqual([1, 2, 3, 4]);
    expect(options.map((o) => o.label)).toEqual(CODES.codes);
    expect(options.find((o) => o.isCorrect)).toMatchObject({ answerId: CODES.correct, chosen: 1 });
    expect(options.find((o) => o.answerId === wrongCode)).toMatchObject({ isCorrect: false, chosen: 1 });
  });
});
