import { describe, expect, it } from 'vitest';
import type { ScorableQuestion } from '../question-kinds.types.js';
import { SERVER_QUESTION_KINDS } from '../index.js';
import { numericalKeyText, parseNumericalKeyText } from './numerical.kind.js';

const kind = SERVER_QUESTION_KINDS.numerical;
const question = (correctAnswerData: ScorableQuestion['correctAnswerData']): ScorableQuestion => ({
  questionID: 7,
  questionType: 'numerical',
  marks: 4,
  negativeMarks: 1,
  allowsPartialCredit: false,
  numericTolerance: null,
  correctAnswerId: null,
  correctAnswerData,
});
const answer = (typed: string | null) => ({
  answerId: typed === null ? null : 'number',
  answerData: typed === null ? null : [{ id: 'number', value: typed }],
  evaluatedFraction: null,
  teacherMarks: null,
});

describe('numerical value scoring', () => {
  const withTolerance = question({ value: 3.14, tolerance: 0.01, unit: 'cm' });
  const range = question({ min: 1, max: 2 });

  it.each([
    ['3.14', 'correct', 4],
    ['3.15', 'correct', 4],
    ['3.13', 'correct', 4],
    ['+3.140', 'correct', 4],
    ['3.16', 'wrong', -1],
    ['-3.14', 'wrong', -1],
    ['abc', 'wrong', -1],
  ])('takes %s within 3.14 ± 0.01 as %s (%d marks)', (typed, status, marks) => {
    expect(kind.score(withTolerance, answer(typed))).toMatchObject({ status, marksAwarded: marks });
  });

  it.each([
    ['1', 'correct'],
    ['2', 'correct'],
    ['1.5', 'correct'],
    ['.5', 'wrong'],
    ['2.0001', 'wrong'],
  ])('takes %s inside [1, 2] as %s', (typed, status) => {
    expect(kind.score(range, answer(typed)).status).toBe(status);
  });

  it('gives 0 for nothing typed, and a wrong mark without a usable key', () => {
    expect(kind.score(withTolerance, answer(null))).toEqual({ status: 'unanswered', marksAwarded: 0, negativeLost: 0 });
    expect(kind.score(withTolerance, answer('  '))).toMatchObject({ status: 'unanswered', marksAwarded: 0 });
    expect(kind.score(withTolerance, { ...answer('3.14'), answerData: [{ id: 'other', value: '3.14' }] })).toMatchObject({ status: 'unanswered' });
    expect(kind.score(question(null), answer('3'))).toMatchObject({ status: 'wrong', marksAwarded: -1, negativeLost: 1 });
  });

  it('gives the player no key and no options, and reveals the key with its unit', () => {
    const content = {
      data: 'How long?',
      options: [],
      lineNumber: null,
      programming: null,
      sampleCases: [],
      startFileUrl: null,
      correctAnswerId: null,
      correctAnswerData: { value: 3.14, tolerance: 0.01, unit: 'cm' },
    };
    const part = kind.playerPart(content);
    expect(JSON.stringify(part)).not.toContain('3.14');
    expect(part.answer).toEqual([]);
    expect(part.blankCount).toBe(0);
    expect(kind.reveal(content)).toEqual({ correctAnswerID: null, correctAnswerData: { value: 3.14, tolerance: 0.01, unit: 'cm' } });
    expect(kind.reveal({ ...content, correctAnswerData: { min: 1, max: 2 } }).correctAnswerData).toEqual({ min: 1, max: 2 });
    expect(kind.itemStatistics).toBe('none');
    expect(kind.paperAnswer).toBeNull();
  });
});

describe('the key as a cell of the template', () => {
  it.each([
    [{ value: 3.14, tolerance: 0.01 }, '3.14:0.01'],
    [{ value: -2, tolerance: 0, unit: 'm/s²' }, '-2:0 m/s²'],
    [{ min: 1, max: 2, unit: 'cm' }, '1..2 cm'],
  ])('writes %j as %s and reads it back', (key, cell) => {
    expect(numericalKeyText(key)).toBe(cell);
    expect(parseNumericalKeyText(cell)).toEqual(key);
  });

  it('reads a lone value as exact and refuses what is not a key', () => {
    expect(parseNumericalKeyText('42')).toEqual({ value: 42, tolerance: 0 });
    expect(parseNumericalKeyText('2..1')).toBeNull();
    expect(parseNumericalKeyText('3:-1')).toBeNull();
    expect(parseNumericalKeyText('about three')).toBeNull();
    expect(parseNumericalKeyText('')).toBeNull();
  });
});
