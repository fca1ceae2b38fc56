/**
 * The service graph (decision 064): each module is declared with the modules it needs, and built
 * once after them, given only those. A lower module never holds a higher one: what it asks upward
 * (the running test, the latest attempts, a scored attempt's summary, a regrade) is an upward call
 * that the higher module provides after it is built. `module-graph.test.ts` proves the graph has no
 * circle and that every upward call asked has exactly one provider; `docs/architecture.md` shows
 * the diagram generated from the same declarations (`npm run docs:graph -w apps/server`).
 */

/** A module's declaration: what it needs built before it, and the upward calls it provides and asks. */
export interface ModuleDeclaration<Name extends string = string, Call extends string = string> {
  name: Name;
  /** The room it belongs to in the diagram (the folder under `modules/`). */
  room: string;
  needs: readonly Name[];
  provides?: readonly Call[];
  asks?: readonly Call[];
}

export interface ModuleEntry<Services, Context, Call extends string> extends ModuleDeclaration<Extract<keyof Services, string>, Call> {
  create: (use: Partial<Services>, context: Context) => Services[Extract<keyof Services, string>];
}

/**
 * Declares one module: `create` receives only the services named in `needs` (typed so), and the
 * composition's context.
 */
export function declareModule<Services, Context, Call extends string>() {
  return <Name extends Extract<keyof Services, string>, Need extends Extract<keyof Services, string> = never>(
    declaration: { name: Name; room: string; needs?: readonly Need[]; provides?: readonly Call[]; asks?: readonly Call[] },
    create: (use: Pick<Services, Need>, context: Context) => Services[Name],
  ): ModuleEntry<Services, Context, Call> => ({
    name: declaration.name,
    room: declaration.room,
    needs: declaration.needs ?? [],
    ...(declaration.provides ? { provides: declaration.provides } : {}),
    ...(declaration.asks ? { asks: declaration.asks } : {}),
    create: create as unknown as ModuleEntry<Services, Context, Call>['create'],
  });
}

/**
 * Builds the modules in their listed order. A module whose need is not built yet (listed after it,
 * or in a circle) stops the composition with the names, so the list's order is checked at every start.
 */
export function composeModules<Services, Context, Call extends string>(entries: readonly ModuleEntry<Services, Context, Call>[], context: Context): Services {
  const built: Partial<Services> = {};
  for (const entry of entries) {
    const use: Partial<Services> = {};
    for (const need of entry.needs) {
      if (!(need in built)) throw new Error(`module ${entry.name} needs ${need}, which is not built before it`);
      use[need] = built[need];
    }
    built[entry.name] = entry.create(use, context);
  }
  return built as Services;
}

/**
 * Upward calls: a typed set of functions that higher modules provide after they are built and
 * lower ones ask through. Asking before the provider exists answers the call's fallback.
 */
export function createUpwardCalls<Calls extends Record<string, (...args: never[]) => unknown>>(fallbacks: Calls) {
  const provided: Partial<Calls> = {};
  const call = <K extends keyof Calls>(name: K): Calls[K] => ((provided[name] ?? fallbacks[name]) as Calls[K]);
  return {
    /** Registers the one provider of an upward call; a second provider is a wiring mistake. */
    provide<K extends keyof Calls>(name: K, implementation: Calls[K]): void {
      if (provided[name]) throw new Error(`upward call ${String(name)} already has a provider`);
      provided[name] = implementation;
    },
    /** A function that always calls the current provider (safe to hand to a module at construction). */
    ask<K extends keyof Calls>(name: K): Calls[K] {
      return ((...args: Parameters<Calls[K]>) => (call(name) as (...a: Parameters<Calls[K]>) => unknown)(...args)) as unknown as Calls[K];
    },
    /** Replaces a provider until the returned function is called (tests only). */
    replace<K extends keyof Calls>(name: K, implementation: Calls[K]): () => void {
      const before = provided[name];
      provided[name] = implementation;
      return () => {
        provided[name] = before;
      };
    },
  };
}

/** The modules that need each module, and whether the declarations form a circle (the first one found). */
export function findCircle(declarations: readonly ModuleDeclaration[]): string[] | null {
  const needsOf = new Map(declarations.map((d) => [d.name, d.needs]));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    path.push(name);
    for (const need of needsOf.get(name) ?? []) {
      const circle = visit(need);
      if (circle) return circle;
    }
    path.pop();
    state.set(name, 'done');
    return null;
  };
  for (const declaration of declarations) {
    const circle = visit(declaration.name);
    if (circle) return circle;
  }
  return null;
}

/** The diagram of `docs/architecture.md`: needs as arrows to the module called, upward calls dotted, grouped by room. */
export function moduleGraphMermaid(declarations: readonly ModuleDeclaration[]): string {
  const lines = ['flowchart BT'];
  const rooms = [...new Set(declarations.map((d) => d.room))];
  for (const room of rooms) {
    lines.push(`  subgraph room_${room.replace(/\W/g, '_')} [${room}]`);
    for (const d of declarations.filter((x) => x.room === room)) lines.push(`    ${d.name}`);
    lines.push('  end');
  }
  for (const d of declarations) for (const need of d.needs) lines.push(`  ${d.name} --> ${need}`);
  for (const d of declarations) {
    for (const call of d.provides ?? []) {
      for (const asker of declarations.filter((x) => x.asks?.includes(call))) lines.push(`  ${asker.name} -. ${call} .-> ${d.name}`);
    }
  }
  return lines.join('\n');
}
