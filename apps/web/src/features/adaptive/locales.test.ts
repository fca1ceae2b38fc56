import { describe, expect, it } from 'vitest';
import { adaptiveLocales } from './locales';

describe('adaptive practice texts', () => {
  it('has every English text in Tamil, and none left in English', () => {
    const texts = adaptiveLocales;
    const en = texts.en as Record<string, string>;
    const tn = texts.tn as Record<string, string>;
    expect(Object.keys(tn).sort()).toEqual(Object.keys(en).sort());
    const untranslated = Object.keys(en).filter((key) => tn[key] === en[key] && /[a-z]{3}/.test(en[key]!.replace(/\{\{\w+\}\}/g, '')));
    expect(untranslated).toEqual([]);
  });
});
