import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthoringQuestion } from '@app/contracts';

import { createAuthoringApp } from '../../../test/authoring.js';

/** Authoring a numerical value through the bank's calls: the key as one validated document. */
let app: Awaited<ReturnType<typeof createAuthoringApp>>;
beforeAll(async () => {
  app = await createAuthoringApp();
});
afterAll(async () => app.t.close());

const post = (url: string, payload: unknown, language = 'en') => app.post(url, payload, language);
const counts = () => app.counts();
const body = { questionType: 'numerical', marks: 4, negativeMarks: 1, texts: { en: { data: 'g in m/s²?' }, tn: { data: 'g இன் மதிப்பு m/s² இல்?' } } };

describe('a numerical value in the question bank', () => {
  it('is created with a tolerance and a unit, and changed to a range in a new version', async () => {
    const created = await post('/api/question-bank/v1/create', { ...body, correctAnswerData: { value: 9.8, tolerance: 0.1, unit: 'm/s²' } });
    expect(created.statusCode, created.body).toBe(200);
    const q = created.json().body as AuthoringQuestion;
    expect(q.version.correctAnswerData).toEqual({ value: 9.8, tolerance: 0.1, unit: 'm/s²' });
    const updated = await post('/api/question-bank/v1/update', { questionId: q.questionId, expectedVersion: 1, correctAnswerData: { min: 9.7, max: 9.9 } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().body.version).toMatchObject({ version: 2, correctAnswerData: { min: 9.7, max: 9.9 } });
  });

  it.each([
    ['no key', {}],
    ['a blank list for a key', { correctAnswerData: [{ value: '9.8' }] }],
    ['a range out of order', { correctAnswerData: { min: 2, max: 1 } }],
  ])('refuses %s on create with correctAnswerData named in English and Tamil, writing nothing', async (_name, key) => {
    const before = await counts();
    const res = await post('/api/question-bank/v1/create', { ...body, ...key });
    expect(res.statusCode).toBe(400);
    const tamil = await post('/api/question-bank/v1/create', { ...body, ...key }, 'tn');
    expect(res.json().body.fields.correctAnswerData).toEqual(expect.any(String));
    expect(tamil.json().body.fields.correctAnswerData).not.toBe(res.json().body.fields.correctAnswerData);
    expect(await counts()).toEqual(before);
  });

  it('refuses a key that is neither form (a value without a tolerance, a unit too long) before the rules, writing nothing', async () => {
    const before = await counts();
    for (const key of [{ value: 9.8 }, { min: 1, max: 2, unit: 'x'.repeat(31) }, { value: 1, tolerance: -1 }]) {
      const res = await post('/api/question-bank/v1/create', { ...body, correctAnswerData: key });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(Object.keys(res.json().body.fields).some((field) => field.startsWith('correctAnswerData'))).toBe(true);
    }
    expect(await counts()).toEqual(before);
  });
});
