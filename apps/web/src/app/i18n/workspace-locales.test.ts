import { describe, expect, it } from 'vitest';
import { loadNamespaceTexts } from './locales';

const WORKSPACE_NAMESPACES = ['workspace', 'notes', 'bookmarks', 'todo', 'calendar', 'search'] as const;

/** Every key path of a nested texts object, e.g. "folder.all". */
function keyPaths(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keyPaths(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('workspace texts', () => {
  it.each(WORKSPACE_NAMESPACES)(
    '%s is registered and has every English key in Tamil, none left empty or untranslated',
    async (namespace) => {
      const texts = await loadNamespaceTexts(namespace);
      const en = texts?.en;
      const tn = texts?.tn;
      expect(en, `${namespace} registered`).toBeDefined();
      expect(keyPaths(tn!).sort()).toEqual(keyPaths(en!).sort());
      const flat = (texts: object) =>
        Object.fromEntries(
          keyPaths(texts).map((path) => [
            path,
            path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], texts),
          ]),
        );
      const enTexts = flat(en!);
      const tnTexts = flat(tn!);
      for (const [path, text] of Object.entries(tnTexts)) {
        expect(String(text).trim(), `${namespace}.${path}`).not.toBe('');
        // Tamil text must contain Tamil letters unless it is only placeholders and symbols.
        if (/[A-Za-z]{3,}/.test(String(enTexts[path]).replace(/\{\{\w+\}\}/g, '')))
          expect(String(text), `${namespace}.${path}`).toMatch(/[\u0B80-\u0BFF]/);
      }
    },
  );
});
