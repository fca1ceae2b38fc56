import { describe, expect, it } from 'vitest';
import { importFieldKey } from './import-fields';

describe('import field names', () => {
  it('names the text fields with their language', () => {
    expect(importFieldKey('texts.tn.options')).toEqual({ key: 'fields.options', language: 'tn' });
    expect(importFieldKey('texts.en')).toEqual({ key: 'fields.data', language: 'en' });
    expect(importFieldKey('texts.en.options.2.answerData')).toEqual({ key: 'fields.options', language: 'en' });
  });

  it('names the options of every language at once (a matching question’s lists) without a language', () => {
    expect(importFieldKey('texts.options')).toEqual({ key: 'fields.options' });
    expect(importFieldKey('texts')).toBeNull();
  });

  it('names the key and classification fields, and leaves others as given', () => {
    expect(importFieldKey('correctAnswerId')).toEqual({ key: 'fields.correct' });
    expect(importFieldKey('correctAnswerData.0.value')).toEqual({ key: 'fields.answers' });
    expect(importFieldKey('topics')).toEqual({ key: 'fields.topics' });
    expect(importFieldKey('something_else')).toBeNull();
  });
});
