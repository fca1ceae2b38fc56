import { describe, expect, it } from 'vitest';
import { lazyNamespaces, loadNamespaceTexts, resources } from './locales';

/** Every leaf of a texts tree by its dotted key (`pageTitles.login`), arrays by index. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  if (tree === null || typeof tree !== 'object') return new Map([[prefix, tree]]);
  return new Map(Object.entries(tree).flatMap(([key, value]) => [...leaves(value, prefix ? `${prefix}.${key}` : key)]));
}

/** The `{{placeholders}}` and `<tags>` of a text, sorted: the Tamil text may order them as its grammar needs. */
const parts = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[0]).sort();
const PLACEHOLDER = /\{\{\s*[\w.]+(?:\s*,[^}]*)?\s*\}\}/g;
const TAG = /<\/?[\w-]+\s*\/?>/g;

/** Every namespace, the bundled `common` and the on-demand ones alike. */
async function everyNamespace(): Promise<(readonly [string, { en: unknown; tn: unknown }])[]> {
  const lazy = await Promise.all(lazyNamespaces.map(async (namespace) => [namespace, (await loadNamespaceTexts(namespace))!] as const));
  return [['common', { en: resources.en.common, tn: resources.tn.common }], ...lazy];
}

describe('texts of every namespace, English and Tamil alike', () => {
  it('registers every namespace with texts in both languages', async () => {
    const namespaces = await everyNamespace();
    expect(namespaces.length).toBeGreaterThan(30);
    for (const [namespace, texts] of namespaces) expect(leaves(texts.en).size, namespace).toBeGreaterThan(0);
  });

  it('has the same keys, the same placeholders and tags per key, and no empty text', async () => {
    const problems: string[] = [];
    for (const [namespace, texts] of await everyNamespace()) {
      const en = leaves(texts.en);
      const tn = leaves(texts.tn);
      for (const key of en.keys()) if (!tn.has(key)) problems.push(`${namespace}:${key} has no Tamil text`);
      for (const key of tn.keys()) if (!en.has(key)) problems.push(`${namespace}:${key} has no English text`);
      for (const [key, enText] of en) {
        const tnText = tn.get(key);
        for (const [language, text] of [['en', enText], ['tn', tnText]] as const)
          if (typeof text === 'string' && !text.trim()) problems.push(`${namespace}:${key} is empty in ${language}`);
        if (typeof enText !== 'string' || typeof tnText !== 'string') continue;
        if (String(parts(enText, PLACEHOLDER)) !== String(parts(tnText, PLACEHOLDER)))
          problems.push(`${namespace}:${key} placeholders differ: ${parts(enText, PLACEHOLDER).join(' ')} / ${parts(tnText, PLACEHOLDER).join(' ')}`);
        if (String(parts(enText, TAG)) !== String(parts(tnText, TAG)))
          problems.push(`${namespace}:${key} tags differ: ${parts(enText, TAG).join(' ')} / ${parts(tnText, TAG).join(' ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
