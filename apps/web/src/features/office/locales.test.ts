import { describe, expect, it } from 'vitest';
import { officeLocales } from './locales';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, item]) => (typeof item === 'object' && item ? keys(item as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

describe('office texts', () => {
  it('exist in Tamil for every English key, and are not left empty', () => {
    expect(keys(officeLocales.tn).sort()).toEqual(keys(officeLocales.en).sort());
    const tn = officeLocales.tn as unknown as Record<string, unknown>;
    for (const key of keys(officeLocales.tn)) {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tn);
      expect(String(text).trim(), key).not.toBe('');
    }
  });
});
