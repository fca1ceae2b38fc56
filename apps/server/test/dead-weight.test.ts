import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './server-process.js';

/**
 * Dead weight stays gone: no `legacy*` column, no npm script that points at a missing file, no
 * development-only package in the running server's code (the demo's office files are drawn with
 * `docx` and `pptxgenjs`, development dependencies: docs/configuration.md, SEED_DEMO_DATA), no
 * runtime dependency nothing imports, and the runner's sandbox steps spawned from one file.
 */
const SRC = path.join(SERVER_DIR, 'src');
const pkg = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Files that may import development dependencies, with those dependencies: the demo's fixtures and the development worker loader. */
const DEVELOPMENT_ONLY_IMPORTS: Record<string, string[]> = {
  'modules/office/office.fixtures.ts': ['docx', 'pptxgenjs'],
  // Development and tests only: the built server starts each worker's bundle (scripts/build.mjs).
  'lib/worker-boot.mjs': ['tsx'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$|\.d\.m?ts$/.test(entry.name) ? [full] : [];
  });
}

const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const BUILTINS = new Set(builtinModules);

function importedPackages(text: string): string[] {
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm)].map((m) => (m[1] ?? m[2] ?? m[3])!);
  return specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !BUILTINS.has(s)).map(packageOf);
}

describe('dead weight stays gone', () => {
  const files = sourceFiles(SRC);

  it('has no legacy column in the schema or in the database the migrations make', () => {
    const schema = sourceFiles(path.join(SRC, 'db', 'schema')).filter((file) => /legacy/i.test(fs.readFileSync(file, 'utf8')));
    expect(schema).toEqual([]);
    const meta = path.join(SERVER_DIR, 'drizzle', 'meta');
    const latest = fs.readdirSync(meta).filter((name) => name.endsWith('_snapshot.json')).sort().at(-1)!;
    const tables = (JSON.parse(fs.readFileSync(path.join(meta, latest), 'utf8')) as { tables: Record<string, { columns: Record<string, unknown> }> }).tables;
    const columns = Object.entries(tables).flatMap(([table, def]) => Object.keys(def.columns).map((column) => `${table}.${column}`));
    expect(columns.length).toBeGreaterThan(100);
    expect(columns.filter((column) => /legacy/i.test(column))).toEqual([]);
  });

  it('runs every npm script from files that exist', () => {
    const missing = Object.entries(pkg.scripts).flatMap(([name, command]) =>
      [...command.matchAll(/(?:^|\s)((?:src|scripts)\/[\w./-]+\.(?:ts|mjs|js))/g)].map((m) => m[1]!).filter((file) => !fs.existsSync(path.join(SERVER_DIR, file))).map((file) => `${name}: ${file}`),
    );
    expect(missing).toEqual([]);
  });

  it('imports only runtime dependencies in the running code, and development ones only where listed', () => {
    const seen = new Set(files.flatMap((file) => importedPackages(fs.readFileSync(file, 'utf8'))));
    expect([...seen]).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', '@app/contracts', 'docx', 'regenerator-runtime']));
    const wrong = files.flatMap((file) => {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      const allowed = DEVELOPMENT_ONLY_IMPORTS[relative] ?? [];
      return importedPackages(fs.readFileSync(file, 'utf8'))
        .filter((name) => !(name in pkg.dependencies) && !(allowed.includes(name) && name in pkg.devDependencies))
        .map((name) => `${relative}: ${name}`);
    });
    expect(wrong).toEqual([]);
  });

  it('has no runtime dependency that no code names', () => {
    const text = files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    expect(Object.keys(pkg.dependencies).filter((name) => !text.includes(`'${name}`) && !text.includes(`"${name}`))).toEqual([]);
  });

  it('spawns the runner’s sandbox steps from one file', () => {
    const runner = path.join(SRC, 'modules', 'runner');
    const spawning = fs.readdirSync(runner).filter((name) => /\.(ts|mjs)$/.test(name) && !name.endsWith('.test.ts') && /\bspawn\(/.test(fs.readFileSync(path.join(runner, name), 'utf8')));
    expect(spawning).toEqual(['runner.launch.mjs']);
  });
});
