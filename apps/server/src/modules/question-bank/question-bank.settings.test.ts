import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthoringQuestion } from '@app/contracts';
import { questionVersions } from '../../db/schema/index.js';
import { createAuthoringApp } from '../../../test/authoring.js';

/** A version's kind settings (decision 052): written into `settings` after the kind's settingsSchema, refused when they do not fit. */
let app: Awaited<ReturnType<typeof createAuthoringApp>>;
beforeAll(async () => {
  app = await createAuthoringApp();
});
afterAll(async () => app.t.close());

const options = [1, 2, 3, 4].map((answerID) => ({ answerID, answerData: `Option ${answerID}` }));
const storedVersion = async (questionId: number) =>
  (await app.t.deps.db.select().from(questionVersions).where(eq(questionVersions.questionId, questionId))).sort((a, b) => b.version - a.version)[0]!;

describe('kind settings of a version', () => {
  it('writes a written answer’s line limit into settings only, and reads it back from there', async () => {
    const res = await app.post('/api/question-bank/v1/create', { questionType: 'comprehensive', lineNumber: 8, texts: { en: { data: 'Explain osmosis.' } } });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().body as AuthoringQuestion;
    expect(q.version.lineNumber).toBe(8);
    const row = await storedVersion(q.questionId);
    expect(row.settings).toEqual({ lineNumber: 8 });
    // Nowhere outside settings: the version has no line-limit column any more (its migration dropped it).
    expect(row).not.toHaveProperty('lineNumber');
    const updated = await app.post('/api/question-bank/v1/update', { questionId: q.questionId, expectedVersion: 1, lineNumber: 12 });
    expect(updated.json().body.version.lineNumber).toBe(12);
    expect((await storedVersion(q.questionId)).settings).toEqual({ lineNumber: 12 });
  });

  it('keeps a multiple-correct question’s JEE Advanced marking in settings and shows it to the author', async () => {
    const res = await app.post('/api/question-bank/v1/create', { questionType: 'multipleChoice', marking: 'jee-advanced', correctAnswerId: [1, 3], texts: { en: { data: 'Which?', options } } });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().body as AuthoringQuestion;
    expect(q.version.marking).toBe('jee-advanced');
    expect((await storedVersion(q.questionId)).settings).toEqual({ marking: 'jee-advanced' });
    // An edit that does not name the marking keeps it; null goes back to standard.
    const kept = await app.post('/api/question-bank/v1/update', { questionId: q.questionId, expectedVersion: 1, correctAnswerId: [1, 2] });
    expect(kept.json().body.version.marking).toBe('jee-advanced');
    const standard = await app.post('/api/question-bank/v1/update', { questionId: q.questionId, expectedVersion: 2, marking: null });
    expect(standard.json().body.version.marking).toBeNull();
    expect((await storedVersion(q.questionId)).settings).toEqual({});
  });

  it('refuses a marking on a kind that has none, or one that is no marking, with the field named in English and Tamil; nothing is written', async () => {
    const single = { questionType: 'singleChoice', marking: 'jee-advanced', correctAnswerId: 1, texts: { en: { data: 'Which?', options } } };
    const before = await app.counts();
    const res = await app.post('/api/question-bank/v1/create', single);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, body: { fields: { marking: expect.any(String) } } });
    const tamil = await app.post('/api/question-bank/v1/create', single, 'tn');
    expect(tamil.json().body.fields.marking).not.toBe(res.json().body.fields.marking);
    expect(tamil.json().body.fields.marking).toMatch(/[\u0B80-\u0BFF]/);

    const created = await app.post('/api/question-bank/v1/create', { questionType: 'multipleChoice', correctAnswerId: [1], texts: { en: { data: 'Which?', options } } });
    const q = created.json().body as AuthoringQuestion;
    const mid = await app.counts();
    expect(mid.questions).toBe(before.questions + 1);
    const bogus = await app.post('/api/question-bank/v1/update', { questionId: q.questionId, expectedVersion: 1, marking: 'generous' });
    expect(bogus.statusCode).toBe(400);
    expect(Object.keys(bogus.json().body.fields)).toContain('marking');
    expect(await app.counts()).toEqual(mid);
  });
});
