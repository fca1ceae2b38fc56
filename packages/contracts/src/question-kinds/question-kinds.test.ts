import { describe, expect, it } from 'vitest';
import {
  AUTO_SCORED_QUESTION_TYPES,
  CHOICE_QUESTION_TYPES,
  EVALUATED_QUESTION_TYPES,
  EXCHANGE_QUESTION_TYPES,
  OFFICE_QUESTION_TYPES,
  PAPER_QUESTION_TYPES,
  QUESTION_KINDS,
  QUESTION_TYPES,
  questionKindOf,
} from './index.js';
import { checkQuestionContent } from '../question-bank/question-bank.rules.js';

describe('the question-kind registry', () => {
  it('has every kind, and the kind lists it derives are the ones that were kept by hand', () => {
    expect(Object.keys(QUESTION_KINDS).sort()).toEqual([...QUESTION_TYPES].sort());
    expect(CHOICE_QUESTION_TYPES).toEqual(['singleChoice', 'multipleChoice', 'video', 'image', 'assertionReason']);
    expect(OFFICE_QUESTION_TYPES).toEqual(['xlsx', 'docx', 'pptx']);
    expect(EVALUATED_QUESTION_TYPES).toEqual(['programming', 'xlsx', 'docx', 'pptx']);
    expect([...EXCHANGE_QUESTION_TYPES].sort()).toEqual(['assertionReason', 'comprehensive', 'image', 'matching', 'multipleChoice', 'numerical', 'ordering', 'singleChoice', 'text', 'video']);
    expect(PAPER_QUESTION_TYPES).toEqual(['singleChoice', 'multipleChoice', 'assertionReason']);
    expect(AUTO_SCORED_QUESTION_TYPES).toEqual(['singleChoice', 'multipleChoice', 'text', 'video', 'image', 'assertionReason', 'numerical', 'matching', 'ordering']);
    expect(questionKindOf('essay')).toBeUndefined();
    expect(questionKindOf('toString')).toBeUndefined();
  });

  const answers = (type: keyof typeof QUESTION_KINDS, answer: object) => QUESTION_KINDS[type].answerSchema.safeParse(answer).success;

  it('takes each family’s answer shape and refuses the others', () => {
    expect(answers('singleChoice', { answerID: 2, answerData: null })).toBe(true);
    expect(answers('image', { answerID: null })).toBe(true);
    expect(answers('singleChoice', { answerID: [2] })).toBe(false);
    expect(answers('video', { answerID: 'text' })).toBe(false);
    expect(answers('multipleChoice', { answerID: [1, 3] })).toBe(true);
    expect(answers('multipleChoice', { answerID: 1 })).toBe(false);
    expect(answers('multipleChoice', { answerID: [] })).toBe(false);
    expect(answers('text', { answerID: 'text', answerData: [{ id: '1-0', value: '100' }] })).toBe(true);
    expect(answers('text', { answerID: 'text', answerData: 'one string' })).toBe(false);
    expect(answers('comprehensive', { answerID: 'text', answerData: 'An essay.' })).toBe(true);
    expect(answers('comprehensive', { answerID: 3, answerData: 'An essay.' })).toBe(false);
    expect(answers('programming', { answerID: 'program', answerData: { sourceCode: 'print(1)', programmingLanguageMasterID: 'Python' } })).toBe(true);
    expect(answers('programming', { answerID: 'program', answerData: 'print(1)' })).toBe(false);
    expect(answers('docx', { answerID: 'office', answerData: { percentage: 80, unmatched: [] } })).toBe(true);
    expect(answers('pptx', { answerID: 'office', answerData: { percentage: 180, unmatched: [] } })).toBe(false);
  });

  it('states each kind’s key and settings', () => {
    expect(QUESTION_KINDS.singleChoice.keySchema.safeParse({ correctAnswerId: 2 }).success).toBe(true);
    expect(QUESTION_KINDS.multipleChoice.keySchema.safeParse({ correctAnswerId: 2 }).success).toBe(false);
    expect(QUESTION_KINDS.text.keySchema.safeParse({ correctAnswerData: [{ id: '1-0', value: '100', tolerance: 0.5 }] }).success).toBe(true);
    expect(QUESTION_KINDS.comprehensive.settingsSchema.safeParse({ lineNumber: 0 }).success).toBe(false);
    expect(QUESTION_KINDS.image.settingsSchema.safeParse({ mediaUrl: '' }).success).toBe(false);
    expect(QUESTION_KINDS.programming.keySchema.safeParse({ hiddenCases: [] }).success).toBe(false);
  });
});

describe('checkQuestionContent through the registry', () => {
  const base = { defaultLanguage: 'en' as const, mediaUrl: null, lineNumber: null, programming: null, hiddenCases: [], correctAnswerId: null, correctAnswerData: null };
  const options = [1, 2, 3, 4].map((answerID) => ({ answerID }));

  it('names the field a kind’s settings or key miss, with the messages it always had', () => {
    expect(checkQuestionContent('image', { ...base, correctAnswerId: 2, texts: { en: { data: 'Which?', options } } })).toEqual({ mediaUrl: 'questionMediaRequired' });
    expect(checkQuestionContent('multipleChoice', { ...base, correctAnswerId: [2, 9], texts: { en: { data: 'Which?', options } } })).toEqual({ correctAnswerId: 'questionKeyInvalid' });
    expect(checkQuestionContent('comprehensive', { ...base, texts: { en: { data: 'Explain.', options: [] } } })).toEqual({ lineNumber: 'questionLineLimitRequired' });
    expect(checkQuestionContent('programming', { ...base, texts: { en: { data: 'Sum.', options: [] } } })).toEqual({ programming: 'questionProgrammingRequired' });
    expect(checkQuestionContent('text', { ...base, correctAnswerData: [{}], texts: { en: { data: 'A {0} and {0}.', options: [] } } })).toEqual({ correctAnswerData: 'questionBlanksMismatch' });
    expect(checkQuestionContent('xlsx', { ...base, rubric: '{"version":1,"kind":"docx","checks":[]}', texts: { en: { data: 'Sheet.', options: [] } } })).toEqual({ rubric: 'questionRubricInvalid' });
    expect(checkQuestionContent('xlsx', { ...base, rubric: '{"version":1,"kind":"xlsx","checks":[]}', texts: { en: { data: 'Sheet.', options: [] } } })).toEqual({});
    expect(checkQuestionContent('singleChoice', { ...base, correctAnswerId: 2, texts: { tn: { data: 'எது?', options } } })).toEqual({ 'texts.en': 'questionTextRequired' });
  });
});
