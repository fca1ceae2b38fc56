import { describe, expect, it } from 'vitest';
import { omrLocales } from './locales';

describe('OMR texts', () => {
  it('has every English text in Tamil, and none left in English', () => {
    const texts = omrLocales;
    const en = texts.en as Record<string, string>;
    const tn = texts.tn as Record<string, string>;
    expect(Object.keys(tn).sort()).toEqual(Object.keys(en).sort());
    // Letters, digits and placeholders aside, a Tamil text differs from its English one (OMR, PDF and A–D stay).
    const untranslated = Object.keys(en).filter((key) => tn[key] === en[key] && /[a-z]{3}/.test(en[key]!.replace(/\{\{\w+\}\}/g, '')));
    expect(untranslated).toEqual([]);
  });
});
