import { describe, expect, it } from 'vitest';
import type { KindQuestion, ScorableQuestion } from '../question-kinds.types.js';
import { SERVER_QUESTION_KINDS } from '../index.js';

const kind = SERVER_QUESTION_KINDS.ordering;
const question = (allowsPartialCredit: boolean, correctAnswerData: ScorableQuestion['correctAnswerData'] = { order: [3, 1, 4, 2] }): ScorableQuestion => ({
  questionID: 9,
  questionType: 'ordering',
  marks: 4,
  negativeMarks: 1,
  allowsPartialCredit,
  numericTolerance: null,
  correctAnswerId: null,
  correctAnswerData,
});
const answer = (answerId: unknown) => ({ answerId, answerData: null, evaluatedFraction: null, teacherMarks: null });

describe('ordering scoring', () => {
  it.each([
    // all or nothing
    [false, [3, 1, 4, 2], 'correct', 4, 0],
    [false, [3, 1, 2, 4], 'wrong', -1, 1],
    [false, [2, 4, 1, 3], 'wrong', -1, 1],
    // relative to the next item (excluding last): 3 pairs in the key, 3→1, 1→4, 4→2
    [true, [3, 1, 4, 2], 'correct', 4, 0],
    [true, [3, 1, 2, 4], 'partial', 1.33, 0],
    [true, [4, 2, 3, 1], 'partial', 2.67, 0],
    [true, [2, 4, 1, 3], 'wrong', -1, 1],
  ])('partial credit %s: %j is %s (%d marks, %d lost)', (partialCredit, given, status, marks, lost) => {
    expect(kind.score(question(partialCredit), answer(given))).toEqual({ status, marksAwarded: marks, negativeLost: lost });
  });

  it('gives 0 for no answer and the negative mark for ids that are not the items', () => {
    expect(kind.score(question(true), answer(null))).toEqual({ status: 'unanswered', marksAwarded: 0, negativeLost: 0 });
    expect(kind.score(question(true), answer([]))).toMatchObject({ status: 'unanswered' });
    expect(kind.score(question(true), answer([3, 1, 4]))).toMatchObject({ status: 'wrong', marksAwarded: -1 });
    expect(kind.score(question(true), answer([3, 1, 4, 4]))).toMatchObject({ status: 'wrong' });
    expect(kind.score(question(true, null), answer([3, 1, 4, 2]))).toMatchObject({ status: 'wrong' });
  });
});

describe('the ordering player part and reveal', () => {
  const content: KindQuestion = {
    data: 'Put the stages of mitosis in order.',
    options: [
      { answerID: 1, answerData: 'Prophase' },
      { answerID: 2, answerData: 'Metaphase' },
      { answerID: 3, answerData: 'Anaphase' },
    ],
    lineNumber: null,
    programming: null,
    sampleCases: [],
    startFileUrl: null,
    correctAnswerId: null,
    correctAnswerData: { order: [1, 2, 3] },
  };

  it('serves every item, never in the key order, stable for a placement, and never the key', () => {
    for (let seed = 0; seed < 30; seed++) {
      const part = kind.playerPart(content, String(seed));
      const ids = part.answer.map((o) => o.answerID);
      expect(ids).not.toEqual([1, 2, 3]);
      expect([...ids].sort()).toEqual([1, 2, 3]);
      expect(kind.playerPart(content, String(seed))).toEqual(part);
      expect(JSON.stringify(part)).not.toContain('order');
    }
  });

  it('reveals the key as the ids in order and checks a save against the items', () => {
    expect(kind.reveal(content)).toEqual({ correctAnswerID: null, correctAnswerData: { order: [1, 2, 3] } });
    expect(kind.fitsQuestion?.(content, [2, 3, 1])).toBe(true);
    expect(kind.fitsQuestion?.(content, [2, 3])).toBe(false);
    expect(kind.fitsQuestion?.(content, [2, 3, 4])).toBe(false);
    expect(kind.fitsQuestion?.(content, [2, 2, 1])).toBe(false);
    expect(kind.itemStatistics).toBe('none');
    expect(kind.paperAnswer).toBeNull();
  });
});
