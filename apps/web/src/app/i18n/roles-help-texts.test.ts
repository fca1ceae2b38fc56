import { PERMISSION_TABS, PERMISSIONS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { loadNamespaceTexts } from './locales';

function keyPaths(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keyPaths(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('Role Configuration, audit log, Contact Us and Help texts', () => {
  it.each(['roles', 'audit', 'support', 'help'])('%s has every English key in Tamil, translated', async (namespace) => {
    const texts = (await loadNamespaceTexts(namespace))!;
    expect(keyPaths(texts.tn).sort()).toEqual(keyPaths(texts.en).sort());
    const value = (tree: object, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
    // Placeholders, symbols and names stay as they are; prose is translated.
    const copied = keyPaths(texts.en).filter((path) => {
      const en = String(value(texts.en, path));
      return en === String(value(texts.tn, path)) && /[a-z]{4,}/.test(en.replace(/\{\{\w+\}\}/g, ''));
    });
    expect(copied.filter((path) => !path.startsWith('tabs.BI') && !path.startsWith('tabs.OMR'))).toEqual([]);
  });

  it('explains every action and names every tab of the catalogue', async () => {
    const roles = (await loadNamespaceTexts('roles'))!;
    for (const language of ['en', 'tn'] as const) {
      const texts = roles[language] as { actions: object; tabs: Record<string, string> };
      expect(keyPaths(texts.actions).sort()).toEqual([...PERMISSIONS].sort());
      expect(Object.keys(texts.tabs).sort()).toEqual(PERMISSION_TABS.map((tab) => tab.tabName).sort());
    }
  });
});
