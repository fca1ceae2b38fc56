import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertionReasonOptions, assertionReasonStatement, checkQuestionContent, type AuthoringQuestion } from '@app/contracts';
import { PRACTICE_ASSERTION_REASON } from '../../db/seed/seed-academy-content.js';
import { createAuthoringApp } from '../../../test/authoring.js';

/** Authoring an assertion–reason question: the statement and options the editor generates, and what the server refuses. */
let app: Awaited<ReturnType<typeof createAuthoringApp>>;
beforeAll(async () => {
  app = await createAuthoringApp();
});
afterAll(async () => app.t.close());

const post = (payload: unknown, language = 'en') => app.post('/api/question-bank/v1/create', payload, language);
const counts = () => app.counts();
const body = (overrides: Record<string, unknown> = {}) => ({
  questionType: 'assertionReason',
  correctAnswerId: 2,
  negativeMarks: 1,
  marks: 4,
  texts: {
    en: { data: assertionReasonStatement('en', { assertion: 'Enzymes speed up reactions.', reason: 'Enzymes lower the activation energy.' }), options: assertionReasonOptions('en') },
    tn: { data: assertionReasonStatement('tn', { assertion: 'நொதிகள் வினைகளை விரைவுபடுத்துகின்றன.', reason: 'நொதிகள் கிளர்வு ஆற்றலைக் குறைக்கின்றன.' }), options: assertionReasonOptions('tn') },
  },
  ...overrides,
});

describe('creating an assertion–reason question', () => {
  it('keeps both languages’ statements, the generated options and the key', async () => {
    const res = await post(body());
    expect(res.statusCode, res.body).toBe(200);
    const question = res.json().body as AuthoringQuestion;
    expect(question.questionType).toBe('assertionReason');
    expect(question.version.texts.tn?.options).toEqual(assertionReasonOptions('tn'));
    expect(question.version.correctAnswerId).toBe(2);
  });

  it('refuses a missing reason, typed options and a fifth option with the field named in English and Tamil, writing nothing', async () => {
    const before = await counts();
    const noReason = body({ texts: { ...body().texts, en: { data: '<p><strong>Assertion (A):</strong> Only this.</p>', options: assertionReasonOptions('en') } } });
    const res = await post(noReason);
    expect(res.statusCode).toBe(400);
    expect(res.json().body.fields['texts.en.data']).toContain('reason');
    const tamil = await post(noReason, 'tn');
    expect(tamil.json().body.fields['texts.en.data']).toMatch(/காரணம்/);
    const typed = await post(body({ texts: { en: { ...body().texts.en, options: [{ answerID: 1, answerData: 'Yes' }, { answerID: 2, answerData: 'No' }] } } }));
    expect(Object.keys(typed.json().body.fields)).toEqual(['texts.en.options']);
    const fifth = await post(body({ correctAnswerId: 5 }));
    expect(Object.keys(fifth.json().body.fields)).toEqual(['correctAnswerId']);
    expect(await counts()).toEqual(before);
  });
});

describe('the demo assertion–reason questions', () => {
  it('meet the kind’s rules in English and Tamil', () => {
    expect(PRACTICE_ASSERTION_REASON.length).toBeGreaterThanOrEqual(2);
    for (const q of PRACTICE_ASSERTION_REASON) {
      const text = (data: string, options: string[] = []) => ({ data, options: options.map((answerData, i) => ({ answerID: i + 1, answerData })) });
      const texts = { en: text(q.data, q.options), tn: text(q.variants!.tn!.data, q.variants!.tn!.options) };
      const content = { defaultLanguage: 'en' as const, mediaUrl: null, lineNumber: null, programming: null, hiddenCases: [], correctAnswerId: q.correct as number, correctAnswerData: null, texts };
      expect(checkQuestionContent('assertionReason', content), q.data).toEqual({});
    }
  });
});
