import { describe, expect, it } from 'vitest';
import type { KindQuestion, ScorableQuestion } from '../question-kinds.types.js';
import { SERVER_QUESTION_KINDS } from '../index.js';

const kind = SERVER_QUESTION_KINDS.matching;
const PAIRS = [
  { left: 101, right: 203 },
  { left: 102, right: 201 },
  { left: 103, right: 204 },
  { left: 104, right: 202 },
];
const question = (over: Partial<ScorableQuestion> = {}): ScorableQuestion => ({
  questionID: 7,
  questionType: 'matching',
  marks: 4,
  negativeMarks: 1,
  allowsPartialCredit: false,
  numericTolerance: null,
  correctAnswerId: null,
  correctAnswerData: { presentation: 'pairs', pairs: PAIRS },
  ...over,
});
const pairsAnswer = (rights: (number | null)[]) => {
  const data = rights.flatMap((right, i) => (right === null ? [] : [{ id: String(101 + i), value: String(right) }]));
  return { answerId: data.length ? 'pairs' : null, answerData: data.length ? data : null, evaluatedFraction: null, teacherMarks: null };
};
const codeAnswer = (id: number | null) => ({ answerId: id, answerData: null, evaluatedFraction: null, teacherMarks: null });

describe('matching in pairs: scoring', () => {
  it.each([
    ['all four right', [203, 201, 204, 202], false, 'correct', 4],
    ['three right', [203, 201, 204, 201], false, 'wrong', -1],
    ['three right, partial credit', [203, 201, 204, 201], true, 'partial', 3],
    ['one right of two matched, partial credit', [203, 202, null, null], true, 'partial', 1],
    ['none right, partial credit', [201, 202, 203, 204], true, 'wrong', -1],
    ['none right', [201, 202, 203, 204], false, 'wrong', -1],
    ['nothing matched', [null, null, null, null], true, 'unanswered', 0],
  ] as const)('%s', (_, rights, allowsPartialCredit, status, marks) => {
    expect(kind.score(question({ allowsPartialCredit }), pairsAnswer([...rights]))).toMatchObject({ status, marksAwarded: marks });
  });

  it('takes the negative mark as other kinds do (0 lost without one)', () => {
    expect(kind.score(question({ negativeMarks: 0 }), pairsAnswer([201, 203, 204, 202]))).toEqual({ status: 'wrong', marksAwarded: 0, negativeLost: 0 });
    expect(kind.score(question(), pairsAnswer([201, 203, 204, 202]))).toEqual({ status: 'wrong', marksAwarded: -1, negativeLost: 1 });
  });
});

describe('matching coded: scoring', () => {
  const coded = question({ correctAnswerId: 3, correctAnswerData: { presentation: 'coded', pairs: PAIRS } });
  it.each([
    [3, 'correct', 4],
    [1, 'wrong', -1],
    [null, 'unanswered', 0],
  ] as const)('code %s is %s', (id, status, marks) => {
    expect(kind.score(coded, codeAnswer(id))).toMatchObject({ status, marksAwarded: marks });
  });
  it('gives no partial credit to a code', () => {
    expect(kind.score({ ...coded, allowsPartialCredit: true }, codeAnswer(2))).toMatchObject({ status: 'wrong' });
  });
});

describe('matching: what the player and the report get', () => {
  const version: KindQuestion = {
    data: 'Match list I with list II',
    options: [
      { answerID: 101, answerData: 'Mitochondria' },
      { answerID: 201, answerData: 'Respiration' },
      { answerID: 1, answerData: 'A-I, B-II' },
    ],
    lineNumber: null,
    programming: null,
    sampleCases: [],
    startFileUrl: null,
    correctAnswerId: 1,
    correctAnswerData: { presentation: 'coded', pairs: PAIRS },
  };

  it('serves the lists and codes, never the pairs or the right code', () => {
    const part = kind.playerPart(version);
    expect(part.answer).toEqual(version.options);
    expect(JSON.stringify(part)).not.toContain('pairs');
    expect(JSON.stringify(part)).not.toContain('presentation');
  });

  it('reveals the pairs and, when coded, the right code', () => {
    expect(kind.reveal(version)).toEqual({ correctAnswerID: 1, correctAnswerData: { presentation: 'coded', pairs: PAIRS } });
    expect(kind.reveal({ ...version, correctAnswerId: null, correctAnswerData: { presentation: 'pairs', pairs: PAIRS } })).toEqual({ correctAnswerID: null, correctAnswerData: { presentation: 'pairs', pairs: PAIRS } });
  });

  it('analyses the four codes of a coded question and no options of one in pairs', () => {
    const analysis = kind.itemStatistics as (q: Pick<KindQuestion, 'options' | 'correctAnswerData'>) => number[];
    expect(analysis(version)).toEqual([1]);
    expect(analysis({ ...version, correctAnswerData: { presentation: 'pairs', pairs: PAIRS } })).toEqual([]);
  });
});
