import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generatedCodes } from '@app/contracts';
import { examAnswers } from '../../db/schema/index.js';
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

const PAIRS = [
  { left: 101, right: 203 },
  { left: 102, right: 201 },
  { left: 103, right: 204 },
  { left: 104, right: 202 },
];
const LISTS = ['Mitochondria', 'Ribosome', 'Lysosome', 'Golgi body', 'Protein synthesis', 'Packaging', 'Respiration', 'Digestion'].map((answerData, i) => ({ answerID: i < 4 ? 101 + i : 197 + i, answerData }));
const CODES = generatedCodes(PAIRS, [201, 202, 203, 204])!;

/** A matching question in pairs and a coded one, 4 marks, −1 when wrong. */
let made = 0;
const matchingTest = (task: object = {}, question: object = {}) => {
  made++;
  return createTestTask(t.deps.db, {
    task,
    sections: [
      {
        questions: [
          { questionType: 'matching', data: `Match the organelles (${made}).`, options: LISTS, correctAnswerId: null, correctAnswerData: { presentation: 'pairs', pairs: PAIRS }, marks: 4, negativeMarks: 1, ...question },
          {
            questionType: 'matching',
            data: `Match, coded (${made}).`,
            options: [...LISTS, ...CODES.codes.map((answerData, i) => ({ answerID: i + 1, answerData }))],
            correctAnswerId: CODES.correct,
            correctAnswerData: { presentation: 'coded', pairs: PAIRS },
            marks: 4,
            negativeMarks: 1,
          },
        ] as never,
      },
    ],
  });
};
const pairsOf = (rights: number[]) => ({ answerID: 'pairs', answerData: rights.map((right, i) => ({ id: String(101 + i), value: String(right) })) });

describe('a matching question in an attempt', () => {
  it('serves both lists and the codes, never the pairs; refuses an answer of the wrong shape with 400 and writes nothing', async () => {
    const test = await matchingTest();
    const session = await startAttempt(t, student, test);
    const served = JSON.stringify(session);
    expect(served).toContain('Mitochondria');
    expect(served).toContain('Digestion');
    expect(served).not.toContain('presentation');
    expect(served).not.toContain('"left"');
    const answers = async () => (await t.deps.db.select().from(examAnswers)).filter((a) => a.attemptId === session.TestSessionID);
    for (const answer of [
      { answerID: 'pairs', answerData: [{ id: 'A', value: 'III' }] },
      { answerID: 'pairs', answerData: 'A-III' },
      { answerID: 'pairs', answerData: [] },
      { answerID: 9 },
      { answerID: [1, 2] },
      { answerID: 'number', answerData: [{ id: 'number', value: '3' }] },
    ]) {
      const res = await saveAnswers(t, student, session.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'matching', ...answer, seq: 1 }]);
      expect(res.statusCode, JSON.stringify(answer)).toBe(400);
      expect(res.json().body).toMatchObject({ code: 'EXAM_QUESTION_TYPE_MISMATCH' });
    }
    expect(await answers()).toEqual([]);
  });

  it('scores the pairs and the code, and serves a saved pairing back', async () => {
    const test = await matchingTest();
    const session = await startAttempt(t, student, test);
    const saved = await saveAnswers(t, student, session.TestSessionID, [
      { questionTaskMapID: test.mapIds[0]!, questionType: 'matching', ...pairsOf([203, 201, 204, 202]), seq: 1 },
      { questionTaskMapID: test.mapIds[1]!, questionType: 'matching', answerID: CODES.correct === 1 ? 2 : 1, seq: 1 },
    ]);
    expect(saved.statusCode).toBe(200);
    const reloaded = await startAttempt(t, student, test);
    expect(reloaded.section[0]!.question[0]).toMatchObject(pairsOf([203, 201, 204, 202]));
    const submitted = await submitTest(t, student, session.TestSessionID, test.task.id);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().body).toMatchObject({ total: 8, scored: 3 });
  });

  it('gives a share of the marks for right pairs when the question allows partial credit', async () => {
    const test = await matchingTest({}, { allowsPartialCredit: true });
    const session = await startAttempt(t, student, test);
    await saveAnswers(t, student, session.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'matching', ...pairsOf([203, 201, 202, 204]), seq: 1 }]);
    const submitted = await submitTest(t, student, session.TestSessionID, test.task.id);
    expect(submitted.json().body).toMatchObject({ scored: 2 });
  });

  it('reveals the pairs (and the right code) in practice', async () => {
    const test = await matchingTest({ testType: 'practice', durationMinutes: null });
    const session = await startAttempt(t, student, test);
    await saveAnswers(t, student, session.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'matching', ...pairsOf([203, 201, 204, 202]), seq: 1 }]);
    const post = (payload: object) => t.call({ method: 'POST', url: '/api/task/v1/revealAnswer', headers: student.headers, payload });
    const revealed = await post({ TestSessionID: session.TestSessionID, questionTaskMapID: test.mapIds[0] });
    expect(revealed.json().body).toMatchObject({ correctAnswerID: null, correctAnswerData: { presentation: 'pairs', pairs: PAIRS }, isCorrect: true, marksAwarded: 4 });
    const coded = await post({ TestSessionID: session.TestSessionID, questionTaskMapID: test.mapIds[1] });
    expect(coded.json().body).toMatchObject({ correctAnswerID: CODES.correct, correctAnswerData: { presentation: 'coded', pairs: PAIRS }, isCorrect: null });
  });
});
