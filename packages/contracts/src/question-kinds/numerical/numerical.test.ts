import { describe, expect, it } from 'vitest';
import { checkQuestionContent } from '../../question-bank/question-bank.rules.js';
import { CreateQuestionBodySchema } from '../../question-bank/question-bank.schemas.js';
import { QUESTION_KINDS } from '../index.js';
import { isNumericalAnswer, isWithinKey, numericalAnswerOf, numericalAnswerValue, numericalTextOf } from './numerical.answer.js';

const kind = QUESTION_KINDS.numerical;

describe('the numerical value’s answer', () => {
  it.each(['3', '-3', '+3', '3.', '3.14', '.5', '-0.25', '1234567890.12345'])('takes %s', (typed) => {
    expect(isNumericalAnswer(typed)).toBe(true);
    expect(kind.answerSchema.safeParse(numericalAnswerOf(typed)).success).toBe(true);
    expect(numericalTextOf(numericalAnswerOf(typed).answerData)).toBe(typed);
  });

  it.each(['', '-', '.', '1.2.3', '1e5', '1,5', ' 3', '3 cm', '--3', '12345678901234567'])('refuses %j', (typed) => {
    expect(isNumericalAnswer(typed)).toBe(false);
    expect(kind.answerSchema.safeParse({ answerID: 'number', answerData: [{ id: 'number', value: typed }] }).success).toBe(false);
    expect(numericalAnswerOf(typed)).toEqual({ answerID: null, answerData: null });
  });

  it('refuses other shapes and takes a clear', () => {
    expect(kind.answerSchema.safeParse({ answerID: null }).success).toBe(true);
    expect(kind.answerSchema.safeParse({ answerID: 3 }).success).toBe(false);
    expect(kind.answerSchema.safeParse({ answerID: '3' }).success).toBe(false);
    expect(kind.answerSchema.safeParse({ answerID: 'number', answerData: '3' }).success).toBe(false);
    expect(kind.answerSchema.safeParse({ answerID: 'number', answerData: [{ id: '1-0', value: '3' }] }).success).toBe(false);
    expect(kind.answerSchema.safeParse({ answerID: 'number', answerData: [{ id: 'number', value: '3' }, { id: 'number', value: '4' }] }).success).toBe(false);
    expect(numericalAnswerValue('-0.5')).toBe(-0.5);
    expect(numericalAnswerValue('-')).toBeNull();
  });
});

describe('the numerical value’s key', () => {
  const keyOk = (key: unknown) => kind.keySchema.safeParse({ correctAnswerData: key }).success;

  it('is a value with a tolerance, or a range, with an optional unit', () => {
    expect(keyOk({ value: 3.14, tolerance: 0.01 })).toBe(true);
    expect(keyOk({ value: 3.14, tolerance: 0, unit: 'cm' })).toBe(true);
    expect(keyOk({ min: 1, max: 2, unit: 'mol' })).toBe(true);
    expect(keyOk({ value: 3.14 })).toBe(false);
    expect(keyOk({ value: 3.14, tolerance: -1 })).toBe(false);
    expect(keyOk({ value: 3.14, tolerance: 0.1, min: 1, max: 2 })).toBe(false);
    expect(keyOk({ min: 1, max: 2, unit: 'x'.repeat(31) })).toBe(false);
    expect(keyOk([{ value: '3.14' }])).toBe(false);
  });

  it('accepts inside the tolerance or range, both ends included', () => {
    expect(isWithinKey(3.15, { value: 3.14, tolerance: 0.01 })).toBe(true);
    expect(isWithinKey(3.151, { value: 3.14, tolerance: 0.01 })).toBe(false);
    expect(isWithinKey(2, { min: 1, max: 2 })).toBe(true);
    expect(isWithinKey(0.999, { min: 1, max: 2 })).toBe(false);
  });
});

describe('the numerical value’s content rules', () => {
  const base = { defaultLanguage: 'en' as const, mediaUrl: null, lineNumber: null, programming: null, hiddenCases: [], correctAnswerId: null };
  const texts = { en: { data: 'How far?', options: [] } };
  const issuesOf = (correctAnswerData: unknown) => checkQuestionContent('numerical', { ...base, correctAnswerData: correctAnswerData as never, texts });

  it('names the key field when the key is missing, malformed or a range out of order', () => {
    expect(issuesOf({ value: 5, tolerance: 0.5 })).toEqual({});
    expect(issuesOf(null)).toEqual({ correctAnswerData: 'questionNumericalKeyInvalid' });
    expect(issuesOf('5')).toEqual({ correctAnswerData: 'questionNumericalKeyInvalid' });
    expect(issuesOf({ min: 2, max: 1 })).toEqual({ correctAnswerData: 'questionNumericalRangeInvalid' });
  });

  it('travels in the create body', () => {
    const body = { questionType: 'numerical', texts: { en: { data: 'How far?' } }, correctAnswerData: { min: 1, max: 2, unit: 'km' } };
    expect(CreateQuestionBodySchema.safeParse(body).success).toBe(true);
    expect(CreateQuestionBodySchema.safeParse({ ...body, correctAnswerData: { min: 1 } }).success).toBe(false);
  });
});
