import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './server-process.js';

/**
 * A repository reads another module's tables only through that module (decision 009; the
 * reshape's step after decision 064, finished by decision 099): no repository names a table of
 * another module. A table's owner is its schema file (`db/schema/<owner>.ts`): the module that
 * writes it. What a module publishes for others to read is a view (`pgView`) in its schema file,
 * over its own tables only (decision 093): reading a view is not a foreign read. A write into
 * another module's table, or a copy of its whole rows, goes through that module (its service, or
 * a repository of its own folder such as `academy.copies.repository.ts`, decision 099).
 *
 * "Reads": imports the table from the schema, or names it after FROM, JOIN, UPDATE or INTO in SQL.
 */

const SCHEMA_OWNER: Record<string, string> = {
  'academy-core': 'academy',
  'family-reports': 'reports',
};
/** Modules that share one schema file. */
const MODULE_OWNS: Record<string, string> = { notes: 'workspace', bookmarks: 'workspace', todo: 'workspace', calendar: 'workspace' };

const SRC = path.join(SERVER_DIR, 'src');

function tableOwners(): { owner: Map<string, string>; bySqlName: Map<string, string> } {
  const owner = new Map<string, string>();
  const bySqlName = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(SRC, 'db/schema'))) {
    const base = file.replace(/\.ts$/, '');
    const text = fs.readFileSync(path.join(SRC, 'db/schema', file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      owner.set(match[1]!, SCHEMA_OWNER[base] ?? base);
      bySqlName.set(match[2]!, match[1]!);
    }
  }
  return { owner, bySqlName };
}

/** Each view a schema file publishes as SQL (`pgView('name', …).as(sql`…`)`) with the tables its SQL reads. */
function publishedViews(): { name: string; owner: string; reads: string[] }[] {
  const { bySqlName } = tableOwners();
  const views: { name: string; owner: string; reads: string[] }[] = [];
  for (const file of fs.readdirSync(path.join(SRC, 'db/schema'))) {
    const base = file.replace(/\.ts$/, '');
    const text = fs.readFileSync(path.join(SRC, 'db/schema', file), 'utf8');
    for (const match of text.matchAll(/pgView\(\s*'(\w+)'(?:(?!pgView\()[\s\S])*?\.as\(sql`([^`]*)`\)/g)) {
      const reads = [...match[2]!.matchAll(/\b(?:from|join)\s+(\w+)/gi)].map((m) => m[1]!.toLowerCase()).filter((name) => name !== 'lateral');
      views.push({ name: match[1]!, owner: SCHEMA_OWNER[base] ?? base, reads: reads.map((name) => bySqlName.get(name) ?? `unknown table ${name}`) });
    }
  }
  return views;
}

/** Each view a schema file publishes as a query (`pgView('name').as((qb) => …)`) with the tables the query names (`table.column` or `.from(table)`). */
function viewSources(): Array<{ view: string; owner: string; tables: string[] }> {
  const { owner } = tableOwners();
  const views: Array<{ view: string; owner: string; tables: string[] }> = [];
  for (const file of fs.readdirSync(path.join(SRC, 'db/schema'))) {
    const base = file.replace(/\.ts$/, '');
    const text = fs.readFileSync(path.join(SRC, 'db/schema', file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgView\(/g)) {
      const rest = text.slice(match.index + match[0].length);
      const body = rest.slice(0, rest.search(/\n\n|$/));
      // A view written in SQL is checked by publishedViews.
      if (body.includes('.as(sql`')) continue;
      const tables = [...owner.keys()].filter((name) => new RegExp(`\\b${name}\\b`).test(body));
      views.push({ view: match[1]!, owner: SCHEMA_OWNER[base] ?? base, tables });
    }
  }
  return views;
}

/** Each repository's reads of tables, its own module's and others'. */
function repositoryReads(): Record<string, { own: string[]; foreign: string[] }> {
  const { owner, bySqlName } = tableOwners();
  const reads: Record<string, { own: string[]; foreign: string[] }> = {};
  for (const module of fs.readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    // A module's repositories, in its own folder or in its rooms' sub-folders (academy/manage/…, reports/staff/…).
    const files = fs.readdirSync(path.join(SRC, 'modules', module.name), { recursive: true, encoding: 'utf8' });
    for (const file of files.map((f) => f.split(path.sep).join('/')).sort()) {
      if (!file.endsWith('repository.ts')) continue;
      const text = fs.readFileSync(path.join(SRC, 'modules', module.name, file), 'utf8');
      const used = new Set<string>();
      const imported = /import \{([^}]*)\} from '(?:\.\.\/)+db\/schema\/index\.js'/.exec(text)?.[1] ?? '';
      for (const name of imported.split(',').map((part) => part.trim().replace(/^type /, ''))) if (owner.has(name)) used.add(name);
      for (const [sqlName, name] of bySqlName) if (new RegExp(`\\b(from|join|update|into)\\s+${sqlName}\\b`, 'i').test(text)) used.add(name);
      const own = MODULE_OWNS[module.name] ?? module.name;
      reads[`${module.name}/${file}`] = {
        own: [...used].filter((name) => owner.get(name) === own).sort(),
        foreign: [...used].filter((name) => owner.get(name) !== own).sort(),
      };
    }
  }
  return reads;
}

describe('repositories and the tables of other modules', () => {
  const reads = repositoryReads();

  it('finds the tables’ owners and the repositories’ reads, so that the scan itself works', () => {
    expect(tableOwners().owner.get('examAttempts')).toBe('exam');
    expect(reads['exam/exam.attempts.repository.ts']?.own).toContain('examAttempts');
    expect(reads['centre/centre.loaded.repository.ts']?.own).toContain('centreLoadedRows');
  });

  it('publishes views that select only from their own module’s tables', () => {
    const { owner } = tableOwners();
    const views = viewSources();
    expect(views.map((v) => v.view)).toContain('userDirectory');
    for (const { view, tables } of views) expect(tables.length, view).toBeGreaterThan(0);
    const foreign = views.flatMap(({ view, owner: own, tables }) => tables.filter((table) => owner.get(table) !== own).map((table) => `${view}: ${table}`));
    expect(foreign, 'a view reads only its own module’s tables').toEqual([]);
  });

  it('reads no other module’s table', () => {
    const foreign = Object.entries(reads).flatMap(([file, { foreign: tables }]) => tables.map((table) => `${file}: ${table}`));
    expect(foreign, 'read these through the owning module').toEqual([]);
  });

  it('publishes views that read only their own module’s tables (decision 094)', () => {
    const { owner } = tableOwners();
    const views = publishedViews();
    expect(views.map((view) => view.name)).toContain('scored_responses');
    const foreign = views.flatMap((view) => view.reads.filter((table) => owner.get(table) !== view.owner).map((table) => `${view.name}: ${table}`));
    expect(foreign, 'a view reads only the tables of the module that publishes it').toEqual([]);
  });

});
