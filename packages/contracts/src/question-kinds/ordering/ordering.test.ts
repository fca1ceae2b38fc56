import { describe, expect, it } from 'vitest';
import { checkQuestionContent } from '../../question-bank/question-bank.rules.js';
import { CreateQuestionBodySchema } from '../../question-bank/question-bank.schemas.js';
import { QUESTION_KINDS } from '../index.js';
import { seededOrder } from '../../common/seeded-order.js';
import { asOrderingKey, isPermutationOf, orderingFraction, shuffledItems } from './ordering.order.js';

const kind = QUESTION_KINDS.ordering;
const items = (...texts: string[]) => texts.map((answerData, i) => ({ answerID: i + 1, answerData }));

describe('the ordering answer and key', () => {
  it('takes the ids in order, each once, or a Clear', () => {
    expect(kind.answerSchema.safeParse({ answerID: [3, 1, 2], answerData: null }).success).toBe(true);
    expect(kind.answerSchema.safeParse({ answerID: null }).success).toBe(true);
    expect(kind.answerSchema.safeParse({ answerID: [1, 1, 2] }).success).toBe(false);
    expect(kind.answerSchema.safeParse({ answerID: [1, 2] }).success).toBe(false);
    expect(kind.answerSchema.safeParse({ answerID: 2 }).success).toBe(false);
    expect(kind.answerSchema.safeParse({ answerID: ['1', '2', '3'] }).success).toBe(false);
    expect(kind.answerSchema.safeParse({ answerID: [1, 2, 3], answerData: 'x' }).success).toBe(false);
  });
  it('keeps the key as the ids in the correct order', () => {
    const keyOk = (key: unknown) => kind.keySchema.safeParse({ correctAnswerData: key }).success;
    expect(keyOk({ order: [2, 3, 1] })).toBe(true);
    expect(keyOk({ order: [2, 2, 1] })).toBe(false);
    expect(keyOk({ order: [1, 2] })).toBe(false);
    expect(keyOk([1, 2, 3])).toBe(false);
    expect(keyOk({ order: [1, 2, 3], extra: 1 })).toBe(false);
    expect(asOrderingKey({ order: [2, 3, 1] })).toEqual({ order: [2, 3, 1] });
    expect(asOrderingKey({ order: [2, 2] })).toBeNull();
    expect(asOrderingKey('[1,2]')).toBeNull();
    expect(isPermutationOf([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(isPermutationOf([3, 1, 1], [1, 2, 3])).toBe(false);
    expect(isPermutationOf([3, 1, 4], [1, 2, 3])).toBe(false);
  });
});

describe('the ordering grade relative to the next item', () => {
  it.each([
    [[1, 2, 3, 4], 1],
    [[4, 3, 2, 1], 0],
    [[2, 3, 4, 1], 2 / 3],
    [[1, 2, 4, 3], 1 / 3],
    [[3, 4, 1, 2], 2 / 3],
  ])('%j against 1 2 3 4 is %d', (answer, fraction) => {
    expect(orderingFraction(answer, [1, 2, 3, 4])).toBeCloseTo(fraction);
  });
});

describe('the shuffled items', () => {
  it('are stable for a seed, differ between seeds and are never the key order', () => {
    const list = items('a', 'b', 'c', 'd', 'e');
    expect(seededOrder(list, 'x')).toEqual(seededOrder(list, 'x'));
    const seeds = Array.from({ length: 40 }, (_, i) => `attempt-${i}`);
    expect(new Set(seeds.map((s) => seededOrder(list, s).map((o) => o.answerID).join())).size).toBeGreaterThan(5);
    for (const seed of seeds) {
      const shown = shuffledItems(items('a', 'b', 'c'), [1, 2, 3], seed).map((o) => o.answerID);
      expect(shown).not.toEqual([1, 2, 3]);
      expect(isPermutationOf(shown, [1, 2, 3])).toBe(true);
    }
  });
});

describe('the ordering content rules', () => {
  const base = { defaultLanguage: 'en' as const, mediaUrl: null, lineNumber: null, programming: null, hiddenCases: [], correctAnswerId: null };
  const issuesOf = (en: { answerID: number; answerData: string }[], tn: typeof en | null, order: unknown) =>
    checkQuestionContent('ordering', { ...base, correctAnswerData: order as never, texts: { en: { data: 'Order them', options: en }, ...(tn ? { tn: { data: 'வரிசைப்படுத்துக', options: tn } } : {}) } });
  it('takes 3 or more distinct items, the same in both languages, and a key naming each once', () => {
    expect(issuesOf(items('a', 'b', 'c'), items('அ', 'ஆ', 'இ'), { order: [2, 1, 3] })).toEqual({});
  });
  it('names the field of what is wrong', () => {
    expect(issuesOf(items('a', 'b'), null, { order: [1, 2] })).toMatchObject({ 'texts.en.options': 'questionOrderingItemsCount' });
    expect(issuesOf(items('a', 'b', ' <p>A</p>'), null, { order: [1, 2, 3] })).toEqual({ 'texts.en.options': 'questionOrderingItemsDuplicate' });
    expect(issuesOf(items('a', 'b', 'c'), items('அ', 'ஆ', 'இ', 'ஈ'), { order: [1, 2, 3] })).toEqual({ 'texts.tn.options': 'questionOrderingItemsDiffer' });
    expect(issuesOf(items('a', 'b', 'c', 'd'), items('அ', 'ஆ', 'இ', 'ஈ').map((o, i) => ({ ...o, answerID: i + 2 })), { order: [1, 2, 3, 4] })).toEqual({ 'texts.tn.options': 'questionOrderingItemsDiffer' });
    expect(issuesOf(items('a', 'b', 'c'), null, { order: [1, 2, 2] })).toEqual({ correctAnswerData: 'questionOrderingKeyInvalid' });
    expect(issuesOf(items('a', 'b', 'c'), null, { order: [1, 2, 4] })).toEqual({ correctAnswerData: 'questionOrderingKeyInvalid' });
    expect(issuesOf(items('a', 'b', 'c'), null, null)).toEqual({ correctAnswerData: 'questionOrderingKeyInvalid' });
  });
  it('travels in the create body', () => {
    const body = { questionType: 'ordering', texts: { en: { data: 'Order them', options: items('a', 'b', 'c') } }, correctAnswerData: { order: [3, 1, 2] } };
    expect(CreateQuestionBodySchema.safeParse(body).success).toBe(true);
  });
});
