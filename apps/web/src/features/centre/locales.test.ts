import { describe, expect, it } from 'vitest';
import { centreLocales } from './locales';

const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) => (child && typeof child === 'object' ? keysOf(child as object, `${prefix}${key}.`) : [`${prefix}${key}`]));

describe('centre texts', () => {
  it('has every English text in Tamil, none left empty or in English', () => {
    expect(keysOf(centreLocales.tn).sort()).toEqual(keysOf(centreLocales.en).sort());
    const en = centreLocales.en as Record<string, string>;
    for (const [key, text] of Object.entries(centreLocales.tn as Record<string, string>)) {
      expect(text.trim(), key).not.toBe('');
      if (!['window'].includes(key)) expect(text, key).not.toBe(en[key]);
    }
  });
});
