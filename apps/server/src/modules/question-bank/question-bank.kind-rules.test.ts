import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthoringQuestion, CreateQuestionBody } from '@app/contracts';

import { createAuthoringApp } from '../../../test/authoring.js';

/** The kinds' content rules (the contracts' question-kind registry) on create and on update: the field named, nothing written. */
let app: Awaited<ReturnType<typeof createAuthoringApp>>;
beforeAll(async () => {
  app = await createAuthoringApp();
});
afterAll(async () => app.t.close());

const post = (url: string, payload: unknown, language = 'en') => app.post(url, payload, language);
const counts = () => app.counts();
const options = [1, 2, 3].map((answerID) => ({ answerID, answerData: `Option ${answerID}` }));

/** One valid question of each kind family, and an update that breaks its kind's rule. */
const KINDS: Array<[string, CreateQuestionBody, Record<string, unknown>, string]> = [
  ['single choice: a key that is no option', { questionType: 'singleChoice', correctAnswerId: 2, texts: { en: { data: 'Which?', options } } }, { correctAnswerId: 7 }, 'correctAnswerId'],
  ['multiple choice: one id, not a list', { questionType: 'multipleChoice', correctAnswerId: [1, 2], texts: { en: { data: 'Which?', options } } }, { correctAnswerId: 2 }, 'correctAnswerId'],
  ['video: no address', { questionType: 'video', contentType: 'video', mediaUrl: 'https://example.org/clip.mp4', correctAnswerId: 1, texts: { en: { data: 'Watch.', options } } }, { mediaUrl: null }, 'mediaUrl'],
  ['blanks: a key for one blank of two', { questionType: 'text', correctAnswerData: [{ value: '100' }], texts: { en: { data: 'Water boils at {0} °C.' } } }, { texts: { en: { data: 'Boils at {0}, freezes at {0}.' } } }, 'correctAnswerData'],
  ['written: no line limit', { questionType: 'comprehensive', lineNumber: 8, texts: { en: { data: 'Explain osmosis.' } } }, { lineNumber: null }, 'lineNumber'],
  ['office: a rubric for another kind', { questionType: 'xlsx', texts: { en: { data: 'Fill in the sheet.' } } }, { rubric: '{"version":1,"kind":"pptx","checks":[]}' }, 'rubric'],
];

describe('question settings that do not fit the kind', () => {
  it.each(KINDS)('%s: an update is refused with the field named (400), and no version is written', async (_name, body, change, field) => {
    const created = await post('/api/question-bank/v1/create', body);
    expect(created.statusCode, created.body).toBe(200);
    const q = created.json().body as AuthoringQuestion;
    const before = await counts();
    const res = await post('/api/question-bank/v1/update', { questionId: q.questionId, expectedVersion: 1, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, body: { fields: { [field]: expect.any(String) } } });
    const tamil = await post('/api/question-bank/v1/update', { questionId: q.questionId, expectedVersion: 1, ...change }, 'tn');
    expect(tamil.json().body.fields[field]).not.toBe(res.json().body.fields[field]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a video question without its address on create, writing nothing', async () => {
    const before = await counts();
    const res = await post('/api/question-bank/v1/create', { questionType: 'video', contentType: 'video', correctAnswerId: 1, texts: { en: { data: 'Watch.', options } } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().body.fields)).toContain('mediaUrl');
    expect(await counts()).toEqual(before);
  });
});
