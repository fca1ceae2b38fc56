import { describe, expect, it } from 'vitest';
import { checkQuestionContent } from '../../question-bank/question-bank.rules.js';
import { STAFF_MESSAGES } from '../../common/staff-messages.js';
import { QUESTION_KINDS } from '../index.js';
import {
  ASSERTION_REASON_OPTIONS,
  assertionReasonOptions,
  assertionReasonStatement,
  hasAssertionReasonOptions,
  parseAssertionReason,
  splitAssertionReason,
} from './assertion-reason.statement.js';

const base = { defaultLanguage: 'en' as const, mediaUrl: null, lineNumber: null, programming: null, hiddenCases: [], correctAnswerData: null };
const en = { data: assertionReasonStatement('en', { assertion: 'Mitochondria make ATP.', reason: 'They host aerobic respiration.' }), options: assertionReasonOptions('en') };
const tn = { data: assertionReasonStatement('tn', { assertion: 'மைட்டோகாண்ட்ரியா ATP உருவாக்கும்.', reason: 'அங்கு காற்றுள்ள சுவாசம் நடைபெறுகிறது.' }), options: assertionReasonOptions('tn') };

describe('assertion and reason: the generated statement and options', () => {
  it('writes the two sentences labelled and reads them back, escaped HTML included', () => {
    const statement = assertionReasonStatement('en', { assertion: 'x < y & "z"', reason: 'because  ' });
    expect(statement).toBe('<p><strong>Assertion (A):</strong> x &lt; y &amp; &quot;z&quot;</p><p><strong>Reason (R):</strong> because  </p>');
    expect(splitAssertionReason(statement)).toEqual({ assertion: 'x < y & "z"', reason: 'because  ' });
    expect(parseAssertionReason(statement)).toEqual({ assertion: 'x < y & "z"', reason: 'because' });
    expect(parseAssertionReason(tn.data)).toEqual({ assertion: 'மைட்டோகாண்ட்ரியா ATP உருவாக்கும்.', reason: 'அங்கு காற்றுள்ள சுவாசம் நடைபெறுகிறது.' });
  });

  it('has no sentences in a statement without both labels, or with one of them empty', () => {
    expect(parseAssertionReason('<p>Mitochondria make ATP.</p>')).toBeNull();
    expect(parseAssertionReason('<p><strong>Reason (R):</strong> a</p><p><strong>Assertion (A):</strong> b</p>')).toBeNull();
    expect(parseAssertionReason(assertionReasonStatement('en', { assertion: 'A fact.', reason: '  ' }))).toBeNull();
    expect(splitAssertionReason(assertionReasonStatement('en', { assertion: 'A fact.', reason: '' }))).toEqual({ assertion: 'A fact.', reason: '' });
  });

  it('generates the four NEET options with ids 1 to 4 in both languages, the Tamil in Tamil', () => {
    expect(assertionReasonOptions('en').map((o) => o.answerID)).toEqual([1, 2, 3, 4]);
    expect(ASSERTION_REASON_OPTIONS.en[1]).toContain('NOT the correct explanation');
    for (const option of ASSERTION_REASON_OPTIONS.tn) expect(option).toMatch(/[\u0B80-\u0BFF]/);
    expect(hasAssertionReasonOptions('tn', assertionReasonOptions('tn'))).toBe(true);
    expect(hasAssertionReasonOptions('tn', assertionReasonOptions('en'))).toBe(false);
    expect(hasAssertionReasonOptions('en', assertionReasonOptions('en').slice(0, 3))).toBe(false);
  });
});

describe('assertion and reason: content rules', () => {
  it('accepts both languages with their statements, the generated options and a key of 1 to 4', () => {
    expect(checkQuestionContent('assertionReason', { ...base, correctAnswerId: 2, texts: { en, tn } })).toEqual({});
  });

  it('names the field of each problem, with a message in English and Tamil', () => {
    const issues = checkQuestionContent('assertionReason', {
      ...base,
      correctAnswerId: 5,
      texts: { en: { ...en, data: '<p>Only one sentence.</p>' }, tn: { ...tn, options: [{ answerID: 1, answerData: 'typed' }, ...tn.options.slice(1)] } },
    });
    expect(issues).toEqual({ 'texts.en.data': 'questionAssertionReasonRequired', 'texts.tn.options': 'questionAssertionReasonOptions', correctAnswerId: 'questionKeyInvalid' });
    expect(STAFF_MESSAGES.questionAssertionReasonRequired.tn).toMatch(/[\u0B80-\u0BFF]/);
    expect(STAFF_MESSAGES.questionAssertionReasonOptions.tn).toMatch(/[\u0B80-\u0BFF]/);
    expect(checkQuestionContent('assertionReason', { ...base, correctAnswerId: [1], texts: { en } })).toEqual({ correctAnswerId: 'questionKeyInvalid' });
  });

  it('takes one option as the answer, or none, and refuses other shapes', () => {
    const { answerSchema, keySchema } = QUESTION_KINDS.assertionReason;
    expect(answerSchema.safeParse({ answerID: 3 }).success).toBe(true);
    expect(answerSchema.safeParse({ answerID: null }).success).toBe(true);
    expect(answerSchema.safeParse({ answerID: [3] }).success).toBe(false);
    expect(answerSchema.safeParse({ answerID: 'text', answerData: 'A is true' }).success).toBe(false);
    expect(keySchema.safeParse({ correctAnswerId: 4 }).success).toBe(true);
    expect(keySchema.safeParse({ correctAnswerId: 5 }).success).toBe(false);
  });
});
