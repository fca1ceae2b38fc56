import { QUESTION_TYPES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { questionKindsLocales } from './locales';

describe('question kinds texts', () => {
  it('names every kind in English and in Tamil, each from its own folder', () => {
    const texts = questionKindsLocales;
    const en = texts.en as Record<string, { name: string }>;
    const tn = texts.tn as Record<string, { name: string }>;
    for (const kind of QUESTION_TYPES) {
      expect(en[kind]?.name, kind).toBeTruthy();
      expect(tn[kind]?.name, kind).toBeTruthy();
      // The Tamil name is Tamil (file formats such as XLSX stay as they are).
      expect(tn[kind]!.name, kind).toMatch(/[\u0B80-\u0BFF]/);
    }
  });
});
