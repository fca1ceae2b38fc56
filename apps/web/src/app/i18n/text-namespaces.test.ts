import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyNamespaces } from './locales';

/** `text-namespaces.ts` types `t()` keys per namespace: a namespace it leaves out would take no key at all. */
describe('the namespaces t() keys are typed by', () => {
  it('are every namespace the app loads, with common and messages', () => {
    const source = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'text-namespaces.ts'), 'utf8');
    const typed = [...source.matchAll(/^ {4}(\w+): /gm)].map((match) => match[1]);
    // The back office's messages are read through `messages`, which they join.
    const loaded = ['common', 'messages', ...lazyNamespaces.filter((namespace) => namespace !== 'staffMessages')];
    expect(typed.sort()).toEqual(loaded.sort());
  });
});
