import { describe, expect, it } from 'vitest';
import { centreLocales } from './locales';

const entriesOf = (value: object, prefix = ''): Array<[string, string]> =>
  Object.entries(value).flatMap(([key, child]) => (child && typeof child === 'object' ? entriesOf(child as object, `${prefix}${key}.`) : [[`${prefix}${key}`, String(child)] as [string, string]]));

describe('centre texts', () => {
  it('has every English text in Tamil, none left empty or in English', () => {
    const en = new Map(entriesOf(centreLocales.en));
    const tn = entriesOf(centreLocales.tn);
    expect(tn.map(([key]) => key).sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of tn) {
      expect(text.trim(), key).not.toBe('');
      if (!['window'].includes(key)) expect(text, key).not.toBe(en.get(key));
    }
  });
});
