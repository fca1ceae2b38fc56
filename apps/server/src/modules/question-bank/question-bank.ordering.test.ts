import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkQuestionContent, type AuthoringQuestion } from '@app/contracts';
import { PRACTICE_ORDERING } from '../../db/seed/seed-academy-content.js';

import { createAuthoringApp } from '../../../test/authoring.js';

/** Authoring an ordering question through the bank's calls: items as options, the key as the ids in order. */
let app: Awaited<ReturnType<typeof createAuthoringApp>>;
beforeAll(async () => {
  app = await createAuthoringApp();
});
afterAll(async () => app.t.close());

const post = (url: string, payload: unknown, language = 'en') => app.post(url, payload, language);
const counts = () => app.counts();
const items = (...texts: string[]) => texts.map((answerData, i) => ({ answerID: [2, 3, 1, 4][i]!, answerData }));
const body = {
  questionType: 'ordering',
  marks: 4,
  negativeMarks: 1,
  texts: {
    en: { data: 'Put the stages of mitosis in order.', options: items('Prophase', 'Metaphase', 'Anaphase') },
    tn: { data: 'இழையுருப்பிரிவின் நிலைகளை வரிசைப்படுத்துக.', options: items('முன்நிலை', 'இடைநிலை', 'பின்நிலை') },
  },
  correctAnswerData: { order: [2, 3, 1] },
};

describe('an ordering question in the question bank', () => {
  it('is created with its items and order, and changed in a new version', async () => {
    const created = await post('/api/question-bank/v1/create', body);
    expect(created.statusCode, created.body).toBe(200);
    const q = created.json().body as AuthoringQuestion;
    expect(q.version.correctAnswerData).toEqual({ order: [2, 3, 1] });
    const updated = await post('/api/question-bank/v1/update', { questionId: q.questionId, expectedVersion: 1, correctAnswerData: { order: [3, 2, 1] } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().body.version).toMatchObject({ version: 2, correctAnswerData: { order: [3, 2, 1] } });
  });

  it.each([
    ['two items', { texts: { en: { ...body.texts.en, options: items('Prophase', 'Metaphase') }, tn: { ...body.texts.tn, options: items('முன்நிலை', 'இடைநிலை') } } }, 'texts.en.options'],
    ['two items alike', { texts: { ...body.texts, en: { ...body.texts.en, options: items('Prophase', 'Prophase', 'Anaphase') } } }, 'texts.en.options'],
    ['other items in Tamil', { texts: { ...body.texts, tn: { ...body.texts.tn, options: items('முன்நிலை', 'இடைநிலை', 'பின்நிலை', 'இறுதிநிலை') } } }, 'texts.tn.options'],
    ['no key', { correctAnswerData: null }, 'correctAnswerData'],
    ['a key naming an item twice', { correctAnswerData: { order: [2, 2, 1] } }, 'correctAnswerData'],
    ['a key naming another item', { correctAnswerData: { order: [2, 3, 4] } }, 'correctAnswerData'],
  ])('refuses %s with the field named in English and Tamil, writing nothing', async (_name, change, field) => {
    const before = await counts();
    const res = await post('/api/question-bank/v1/create', { ...body, ...change });
    expect(res.statusCode, res.body).toBe(400);
    const tamil = await post('/api/question-bank/v1/create', { ...body, ...change }, 'tn');
    // The field, or a part of it (a malformed key is refused by the body's schema before the rules).
    const named = Object.keys(res.json().body.fields).find((key) => key === field || key.startsWith(`${field}.`));
    expect(named, JSON.stringify(res.json().body.fields)).toBeDefined();
    expect(res.json().body.fields[named!]).toEqual(expect.any(String));
    expect(tamil.json().body.fields[named!]).toEqual(expect.any(String));
    expect(tamil.json().body.fields[named!]).not.toBe(res.json().body.fields[named!]);
    expect(await counts()).toEqual(before);
  });
});

describe('the demo ordering questions', () => {
  it('meet the kind’s rules in English and Tamil, listed out of their order', () => {
    expect(PRACTICE_ORDERING.length).toBeGreaterThanOrEqual(3);
    for (const q of PRACTICE_ORDERING) {
      const text = (data: string, options: string[] = []) => ({ data, options: options.map((answerData, i) => ({ answerID: i + 1, answerData })) });
      const texts = { en: text(q.data, q.options), tn: text(q.variants!.tn!.data, q.variants!.tn!.options) };
      const content = { defaultLanguage: 'en' as const, mediaUrl: null, lineNumber: null, programming: null, hiddenCases: [], correctAnswerId: null, correctAnswerData: { order: q.order }, texts };
      expect(checkQuestionContent('ordering', content), q.data).toEqual({});
      expect(q.order, q.data).not.toEqual(q.order!.map((_, i) => i + 1));
    }
  });
});
