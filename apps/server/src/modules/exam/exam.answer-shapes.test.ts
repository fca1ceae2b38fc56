import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers } from '../../db/schema/index.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, type BuiltTest } from '../../../test/factories/academy.js';
import { createExamTestApp } from '../../../test/exam-fixtures.js';

let t: TestApp;
let student: TestUser;
let test: BuiltTest;
let attemptId: string;

/** One question of each family: single choice, multiple choice, blanks, a written answer, a program and a spreadsheet. */
beforeAll(async () => {
  ({ t, student } = await createExamTestApp());
  test = await createTestTask(t.deps.db, {
    sections: [
      {
        questions: [
          { correctAnswerId: 2 },
          { questionType: 'multipleChoice', correctAnswerId: [1, 3] },
          { questionType: 'text', data: 'Water boils at {0} °C.', options: [], correctAnswerId: null, correctAnswerData: [{ id: 'x-0', value: '100' }] },
          { questionType: 'comprehensive', data: 'Explain osmosis.', options: [], correctAnswerId: null, lineNumber: 10 },
          {
            questionType: 'programming',
            data: 'Print the sum.',
            options: [],
            correctAnswerId: null,
            programming: { codeStubs: {}, allowedLanguages: ['Python'], inputFormat: 'a b', outputFormat: 'a+b', constraints: '', timeLimitMs: 2000, memoryLimitMb: 128 },
            hiddenCases: [{ input: '1 2', output: '3' }],
          },
          { questionType: 'xlsx', data: 'Fill in the sheet.', options: [], correctAnswerId: null },
        ] as never,
      },
    ],
  });
  attemptId = (await startAttempt(t, student, test)).TestSessionID;
});
afterAll(async () => t.close());

const answersInDb = async () => (await t.deps.db.select().from(examAnswers)).filter((a) => a.attemptId === attemptId);

const KINDS = ['singleChoice', 'multipleChoice', 'text', 'comprehensive', 'programming', 'xlsx'] as const;

/** Answers in the shape each kind takes, as the player sends them. */
const GOOD: Record<(typeof KINDS)[number], { answerID: unknown; answerData?: unknown }> = {
  singleChoice: { answerID: 2 },
  multipleChoice: { answerID: [1, 3] },
  text: { answerID: 'text', answerData: [{ id: 'x-0', value: '100' }] },
  comprehensive: { answerID: 'text', answerData: 'Water moves across a membrane.' },
  programming: { answerID: 'program', answerData: { sourceCode: 'print(3)', programmingLanguageMasterID: 'Python' } },
  xlsx: { answerID: 'office', answerData: { percentage: 50, unmatched: [] } },
};

/** Answers of another kind's shape: each is refused for its kind, with the field named. */
const BAD: Array<[(typeof KINDS)[number], { answerID: unknown; answerData?: unknown }, 'answerID' | 'answerData']> = [
  ['singleChoice', { answerID: [2] }, 'answerID'],
  ['singleChoice', { answerID: 'text' }, 'answerID'],
  ['singleChoice', { answerID: 2, answerData: 'an essay' }, 'answerData'],
  ['multipleChoice', { answerID: 1 }, 'answerID'],
  ['multipleChoice', { answerID: [] }, 'answerID'],
  ['text', { answerID: 4 }, 'answerID'],
  ['text', { answerID: 'text', answerData: 'a string, not blanks' }, 'answerData'],
  ['comprehensive', { answerID: 'text', answerData: [{ id: 'x-0', value: 'blanks' }] }, 'answerData'],
  ['programming', { answerID: 'program', answerData: 'print(3)' }, 'answerData'],
  ['xlsx', { answerID: 'office', answerData: { sourceCode: 'print(3)', programmingLanguageMasterID: 'Python' } }, 'answerData'],
];

describe('saveAnswer: the answer’s shape is its kind’s', () => {
  it.each(BAD)('refuses a %s answer of the wrong shape (400, the field named, nothing written)', async (kind, answer, field) => {
    const before = JSON.stringify(await answersInDb());
    const index = KINDS.indexOf(kind);
    const res = await saveAnswers(t, student, attemptId, [
      // A good answer first: the batch is refused whole.
      { questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 },
      { questionTaskMapID: test.mapIds[index]!, questionType: kind, ...answer, seq: 1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, body: { code: 'EXAM_QUESTION_TYPE_MISMATCH', fields: { [`data.1.${field}`]: expect.stringContaining('form') } } });
    expect(JSON.stringify(await answersInDb())).toBe(before);
  });

  it('says so in Tamil too', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/task/v1/saveAnswer',
      headers: { ...student.headers, language: 'tn' },
      payload: { TestSessionID: attemptId, data: [{ questionTaskMapID: test.mapIds[1]!, questionType: 'multipleChoice', answerID: 1, seq: 1 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.fields['data.0.answerID']).toBe('இந்தப் பதில் இந்த வகைக் கேள்விக்கு உரிய வடிவில் இல்லை.');
  });

  it('saves an answer of the right shape for every kind, and a Clear (null) for every kind', async () => {
    const res = await saveAnswers(
      t,
      student,
      attemptId,
      KINDS.map((kind, i) => ({ questionTaskMapID: test.mapIds[i]!, questionType: kind, ...GOOD[kind], seq: 2 })),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().body.saved.every((s: { applied: boolean }) => s.applied)).toBe(true);
    const cleared = await saveAnswers(t, student, attemptId, KINDS.map((kind, i) => ({ questionTaskMapID: test.mapIds[i]!, questionType: kind, answerID: null, seq: 3 })));
    expect(cleared.statusCode).toBe(200);
  });
});

describe('a typed answer that looks like a number', () => {
  it('comes back as the text the student typed, on a resume and in the stored row', async () => {
    const comprehensive = KINDS.indexOf('comprehensive');
    const res = await saveAnswers(t, student, attemptId, [{ questionTaskMapID: test.mapIds[comprehensive]!, questionType: 'comprehensive', answerID: 'text', answerData: '42', seq: 10 }]);
    expect(res.statusCode).toBe(200);
    const stored = (await answersInDb()).find((a) => a.questionTaskMapId === test.mapIds[comprehensive]);
    expect(stored?.answerData).toBe('42');
    const resumed = await startAttempt(t, student, test);
    const question = resumed.section.flatMap((s) => s.question).find((q) => q.questionTaskMapID === test.mapIds[comprehensive]);
    expect(question?.answerData).toBe('42');
  });
});
