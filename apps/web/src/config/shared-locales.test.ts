import { describe, expect, it } from 'vitest';
import { loadNamespaceTexts } from './locales';

const keyPaths = (texts: object, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keyPaths(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('shared component texts', () => {
  it.each(['dataTable', 'form'])('%s is registered with every English key in Tamil', async (namespace) => {
    const texts = await loadNamespaceTexts(namespace);
    expect(texts, `${namespace} registered`).toBeDefined();
    expect(keyPaths(texts!.tn).sort()).toEqual(keyPaths(texts!.en).sort());
    expect(keyPaths(texts!.en).length).toBeGreaterThan(0);
  });
});
