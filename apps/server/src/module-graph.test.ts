import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { composeModules, createUpwardCalls, declareModule, findCircle, moduleGraphMermaid, type ModuleDeclaration } from './module-graph.js';
import { MODULES } from './services.js';

const ARCHITECTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/architecture.md');

describe('the service graph', () => {
  it('has no circle', () => {
    expect(findCircle(MODULES)).toBeNull();
  });

  it('lists every module after the modules it needs, once', () => {
    const seen = new Set<string>();
    for (const entry of MODULES) {
      expect(seen.has(entry.name), `${entry.name} is listed twice`).toBe(false);
      for (const need of entry.needs) expect(seen.has(need), `${entry.name} needs ${need}, listed after it`).toBe(true);
      seen.add(entry.name);
    }
  });

  it('has one provider for every upward call a module asks, and no call nobody asks', () => {
    const asked = new Set(MODULES.flatMap((m) => m.asks ?? []));
    const provided = MODULES.flatMap((m) => m.provides ?? []);
    expect(new Set(provided).size).toBe(provided.length);
    expect([...asked].sort()).toEqual([...provided].sort());
    // An upward call goes up: its provider is never among what the asker needs to be built.
    const byName = new Map<string, ModuleDeclaration>(MODULES.map((m) => [m.name, m]));
    const below = (name: string, acc = new Set<string>()): Set<string> => {
      for (const need of byName.get(name)?.needs ?? []) if (!acc.has(need)) below(need, acc.add(need));
      return acc;
    };
    for (const provider of MODULES) {
      for (const call of provider.provides ?? []) {
        for (const asker of MODULES.filter((m) => m.asks?.includes(call))) expect(below(asker.name).has(provider.name), `${asker.name} asks ${call} of a module below it`).toBe(false);
      }
    }
  });

  it('is drawn in docs/architecture.md from these declarations', () => {
    const doc = fs.readFileSync(ARCHITECTURE, 'utf8');
    const block = /<!-- module-graph:start -->\n```mermaid\n([\s\S]*?)\n```\n<!-- module-graph:end -->/.exec(doc);
    expect(block, 'docs/architecture.md has no generated module graph').not.toBeNull();
    expect(block![1], 'the diagram is out of date: npm run docs:graph -w apps/server').toBe(moduleGraphMermaid(MODULES));
  });
});

describe('the graph tools', () => {
  it('finds a circle and names it', () => {
    const declarations = [
      { name: 'a', room: 'r', needs: ['b'] },
      { name: 'b', room: 'r', needs: ['c'] },
      { name: 'c', room: 'r', needs: ['a'] },
    ];
    expect(findCircle(declarations)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCircle([{ name: 'a', room: 'r', needs: [] }, { name: 'b', room: 'r', needs: ['a'] }])).toBeNull();
  });

  it('gives a module only what it declared, and refuses a need not built before it', () => {
    interface Services {
      one: { n: number };
      two: { sum: number };
    }
    const module = declareModule<Services, { base: number }, never>();
    const seen: string[][] = [];
    const built = composeModules(
      [
        module({ name: 'one', room: 'r' }, (use, { base }) => {
          seen.push(Object.keys(use));
          return { n: base };
        }),
        module({ name: 'two', room: 'r', needs: ['one'] }, ({ one }) => {
          seen.push(['one']);
          return { sum: one.n + 1 };
        }),
      ],
      { base: 41 },
    );
    expect(built.two.sum).toBe(42);
    expect(seen).toEqual([[], ['one']]);
    const late = [module({ name: 'two', room: 'r', needs: ['one'] }, ({ one }) => ({ sum: one.n })), module({ name: 'one', room: 'r' }, () => ({ n: 1 }))];
    expect(() => composeModules(late, { base: 0 })).toThrow('module two needs one, which is not built before it');
  });

  it('answers an upward call with its fallback until provided, and refuses a second provider', async () => {
    const upward = createUpwardCalls({ total: async (x: number) => x * 0 });
    const total = upward.ask('total');
    expect(await total(5)).toBe(0);
    upward.provide('total', async (x) => x * 2);
    expect(await total(5)).toBe(10);
    expect(() => upward.provide('total', async (x) => x)).toThrow('already has a provider');
    const restore = upward.replace('total', async () => -1);
    expect(await total(5)).toBe(-1);
    restore();
    expect(await total(5)).toBe(10);
  });
});
