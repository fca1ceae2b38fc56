import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkQuestionContent, generatedCodes, type AuthoringQuestion } from '@app/contracts';
import { PRACTICE_MATCHING } from '../../db/seed/seed-academy-content.js';

import { createAuthoringApp } from '../../../test/authoring.js';

/** Authoring a matching question through the bank's calls: lists as options, the pairs as the key. */
let app: Awaited<ReturnType<typeof createAuthoringApp>>;
beforeAll(async () => {
  app = await createAuthoringApp();
});
afterAll(async () => app.t.close());

const post = (url: string, payload: unknown, language = 'en') => app.post(url, payload, language);
const counts = () => app.counts();
const PAIRS = [
  { left: 101, right: 202 },
  { left: 102, right: 201 },
  { left: 103, right: 203 },
];
const lists = (texts: string[]) => texts.map((answerData, i) => ({ answerID: i < 3 ? 101 + i : 198 + i, answerData }));
const EN = lists(['Kidney', 'Lung', 'Heart', 'Gas exchange', 'Filtration', 'Pumping']);
const TN = lists(['சிறுநீரகம்', 'நுரையீரல்', 'இதயம்', 'வாயுப் பரிமாற்றம்', 'வடிகட்டுதல்', 'உந்துதல்']);
const body = {
  questionType: 'matching',
  marks: 4,
  negativeMarks: 1,
  texts: { en: { data: 'Match list I with list II.', options: EN }, tn: { data: 'பட்டியல் I-ஐ பட்டியல் II-உடன் பொருத்துக.', options: TN } },
  correctAnswerData: { presentation: 'pairs', pairs: PAIRS },
};

describe('a matching question in the question bank', () => {
  it('is created in pairs and changed to coded in a new version', async () => {
    const created = await post('/api/question-bank/v1/create', body);
    expect(created.statusCode, created.body).toBe(200);
    const q = created.json().body as AuthoringQuestion;
    expect(q.version.correctAnswerData).toEqual({ presentation: 'pairs', pairs: PAIRS });
    const codes = generatedCodes(PAIRS, [201, 202, 203])!;
    const codeOptions = codes.codes.map((answerData, i) => ({ answerID: i + 1, answerData }));
    const updated = await post('/api/question-bank/v1/update', {
      questionId: q.questionId,
      expectedVersion: 1,
      texts: { en: { ...body.texts.en, options: [...EN, ...codeOptions] }, tn: { ...body.texts.tn, options: [...TN, ...codeOptions] } },
      correctAnswerId: codes.correct,
      correctAnswerData: { presentation: 'coded', pairs: PAIRS },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().body.version).toMatchObject({ version: 2, correctAnswerId: codes.correct, correctAnswerData: { presentation: 'coded' } });
  });

  it.each([
    ['no key', { correctAnswerData: null }, 'correctAnswerData'],
    ['a list I item left unmatched', { correctAnswerData: { presentation: 'pairs', pairs: PAIRS.slice(0, 2) } }, 'correctAnswerData'],
    ['a pair with an unknown list II item', { correctAnswerData: { presentation: 'pairs', pairs: [...PAIRS.slice(0, 2), { left: 103, right: 209 }] } }, 'correctAnswerData'],
    ['one list I item', { texts: { en: { ...body.texts.en, options: EN.filter((o) => o.answerID === 101 || o.answerID > 200) } } }, 'texts.en.options'],
    ['lists that differ between languages', { texts: { ...body.texts, tn: { ...body.texts.tn, options: TN.filter((o) => o.answerID !== 203) } } }, 'texts.tn.options'],
    ['coded without codes', { correctAnswerData: { presentation: 'coded', pairs: PAIRS }, correctAnswerId: 1 }, 'texts.en.options'],
  ])('refuses %s on create with the field named in English and Tamil, writing nothing', async (_name, change, field) => {
    const before = await counts();
    const res = await post('/api/question-bank/v1/create', { ...body, ...change });
    expect(res.statusCode, res.body).toBe(400);
    const tamil = await post('/api/question-bank/v1/create', { ...body, ...change }, 'tn');
    expect(res.json().body.fields[field]).toEqual(expect.any(String));
    expect(tamil.json().body.fields[field]).not.toBe(res.json().body.fields[field]);
    expect(await counts()).toEqual(before);
  });
});

describe('the demo matching questions', () => {
  it('meet the kind’s rules in English and Tamil, in both presentations', () => {
    expect(new Set(PRACTICE_MATCHING.map((q) => q.matching!.presentation))).toEqual(new Set(['pairs', 'coded']));
    for (const q of PRACTICE_MATCHING) {
      const text = (data: string, options: string[] = []) => ({ data, options: options.map((answerData, i) => ({ answerID: q.optionIds![i]!, answerData })) });
      const texts = { en: text(q.data, q.options), tn: text(q.variants!.tn!.data, q.variants!.tn!.options) };
      const content = { defaultLanguage: 'en' as const, mediaUrl: null, lineNumber: null, programming: null, hiddenCases: [], correctAnswerId: (q.correct as number | undefined) ?? null, correctAnswerData: q.matching!, texts };
      expect(checkQuestionContent('matching', content), q.data).toEqual({});
    }
  });
});
