import { describe, expect, it } from 'vitest';
import { blankMatches, scoreAnswer, sumScores, type ScorableQuestion } from './grading.scoring.js';

const base: ScorableQuestion = {
  questionID: 7,
  questionType: 'singleChoice',
  marks: 4,
  negativeMarks: 1,
  allowsPartialCredit: false,
  numericTolerance: null,
  correctAnswerId: 2,
  correctAnswerData: null,
};
const answer = (answerId: unknown, answerData: unknown = null, extra: Partial<{ evaluatedFraction: number | null; teacherMarks: number | null }> = {}) => ({
  answerId,
  answerData,
  evaluatedFraction: extra.evaluatedFraction ?? null,
  teacherMarks: extra.teacherMarks ?? null,
});

describe('single choice (and video, image)', () => {
  it('gives full marks for the key, minus the negative mark for another option, 0 when unanswered', () => {
    expect(scoreAnswer(base, answer(2))).toEqual({ status: 'correct', marksAwarded: 4, negativeLost: 0 });
    expect(scoreAnswer(base, answer(3))).toEqual({ status: 'wrong', marksAwarded: -1, negativeLost: 1 });
    expect(scoreAnswer(base, answer(null))).toEqual({ status: 'unanswered', marksAwarded: 0, negativeLost: 0 });
    expect(scoreAnswer(base, undefined).status).toBe('unanswered');
    expect(scoreAnswer({ ...base, questionType: 'video' }, answer(2)).status).toBe('correct');
    expect(scoreAnswer({ ...base, questionType: 'image' }, answer(1)).marksAwarded).toBe(-1);
  });
  it('treats two options for a single-choice question as wrong', () => {
    expect(scoreAnswer(base, answer([2, 3])).status).toBe('wrong');
  });
});

describe('multiple choice', () => {
  const multi: ScorableQuestion = { ...base, questionType: 'multipleChoice', correctAnswerId: [1, 3] };
  it('is all-or-nothing by default', () => {
    expect(scoreAnswer(multi, answer([3, 1])).marksAwarded).toBe(4);
    expect(scoreAnswer(multi, answer([1])).status).toBe('wrong');
    expect(scoreAnswer(multi, answer([1])).marksAwarded).toBe(-1);
    expect(scoreAnswer(multi, answer([])).status).toBe('unanswered');
  });
  it('gives a share for a subset of the key when partial credit is allowed, and a wrong option spoils it', () => {
    const partial = { ...multi, allowsPartialCredit: true };
    expect(scoreAnswer(partial, answer([1]))).toEqual({ status: 'partial', marksAwarded: 2, negativeLost: 0 });
    expect(scoreAnswer(partial, answer([1, 2])).status).toBe('wrong');
    expect(scoreAnswer(partial, answer([1, 3])).status).toBe('correct');
  });
});

describe('fill in the blanks', () => {
  const blanks: ScorableQuestion = {
    ...base,
    questionType: 'text',
    correctAnswerData: [
      { id: '7-0', value: 'Mitochondria' },
      { id: '7-1', value: '9.8', tolerance: 0.05 },
    ],
  };
  it('compares each blank trimmed and case-insensitive, numbers within tolerance', () => {
    const given = [
      { id: '7-0', value: '  mitochondria ' },
      { id: '7-1', value: '9.84' },
    ];
    expect(scoreAnswer(blanks, answer('filled', given)).status).toBe('correct');
    expect(scoreAnswer(blanks, answer('filled', [{ id: '7-0', value: 'MITOCHONDRIA' }, { id: '7-1', value: '9.9' }])).status).toBe('wrong');
  });
  it('gives a share per right blank when partial credit is allowed', () => {
    const partial = { ...blanks, allowsPartialCredit: true };
    expect(scoreAnswer(partial, answer('filled', [{ id: '7-0', value: 'mitochondria' }, { id: '7-1', value: '1' }]))).toEqual({
      status: 'partial',
      marksAwarded: 2,
      negativeLost: 0,
    });
  });
  it('is unanswered when every blank is empty or the answer was cleared', () => {
    expect(scoreAnswer(blanks, answer('filled', [{ id: '7-0', value: ' ' }])).status).toBe('unanswered');
    expect(scoreAnswer(blanks, answer(null, [{ id: '7-0', value: 'x' }])).status).toBe('unanswered');
  });
  it('uses the question default tolerance and accepts alternatives', () => {
    expect(blankMatches('3.15', { value: '3.14' }, 0.01)).toBe(true);
    expect(blankMatches('3.16', { value: '3.14' }, 0.01)).toBe(false);
    expect(blankMatches('3.15', { value: '3.14' }, null)).toBe(false);
    expect(blankMatches('ATP', { value: 'adenosine triphosphate', alternatives: ['atp'] }, null)).toBe(true);
    expect(blankMatches('abc', { value: '1' }, 5)).toBe(false);
  });
});

describe('comprehensive, programming and office', () => {
  it('waits for a teacher mark, then takes it (capped at the marks)', () => {
    const written = { ...base, questionType: 'comprehensive' as const, marks: 5 };
    expect(scoreAnswer(written, answer('text', 'My essay')).status).toBe('pending');
    expect(scoreAnswer(written, answer('text', 'My essay', { teacherMarks: 3 }))).toEqual({ status: 'partial', marksAwarded: 3, negativeLost: 0 });
    expect(scoreAnswer(written, answer('text', 'My essay', { teacherMarks: 9 })).marksAwarded).toBe(5);
    expect(scoreAnswer(written, answer(null, '  ')).status).toBe('unanswered');
  });
  it('takes the evaluation score; partial only when allowed; unevaluated work scores 0 without negative marks', () => {
    const program = { ...base, questionType: 'programming' as const, marks: 10, negativeMarks: 2 };
    expect(scoreAnswer(program, answer('evaluated', {}, { evaluatedFraction: 1 })).marksAwarded).toBe(10);
    expect(scoreAnswer({ ...program, allowsPartialCredit: true }, answer('e', {}, { evaluatedFraction: 0.5 })).marksAwarded).toBe(5);
    expect(scoreAnswer(program, answer('e', {}, { evaluatedFraction: 0.5 })).marksAwarded).toBe(-2);
    expect(scoreAnswer(program, answer('code', { sourceCode: 'x' }))).toEqual({ status: 'wrong', marksAwarded: 0, negativeLost: 0 });
    expect(scoreAnswer({ ...program, questionType: 'xlsx' }, answer('e', {}, { evaluatedFraction: 1 })).status).toBe('correct');
  });
});

describe('sums', () => {
  it('adds marks, totals and negative marks without float drift', () => {
    const q = { ...base, marks: 0.1 };
    const scores = [scoreAnswer(q, answer(2)), scoreAnswer(q, answer(2)), scoreAnswer(q, answer(2)), scoreAnswer(base, answer(1))];
    expect(sumScores([q, q, q, base], scores)).toEqual({ scored: -0.7, total: 4.3, negativeMarksLost: 1, pendingEvaluation: false });
  });
});
