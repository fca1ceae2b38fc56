// The server's test files whose outcome depends on the test database (TEST_DB): those that name it
// (a test app, a database opened, the TEST_DB settings, a server process started on it), directly
// or through a test helper they import. The others (parsers, the sandbox, PDF and image reading)
// never reach a database, so the PostgreSQL run leaves them to the PGlite run.
import fs from 'node:fs';
import path from 'node:path';

const MARKERS = /\b(createTestApp|getWorkerDatabase|openSecondConnection|openDatabase|resetDatabase|PGlite|TEST_DB|TEST_DATABASE_URL|DATABASE_URL)\b|server-process/;
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
/** Test helpers: files under test/, and fixtures or factories beside the tests. */
const isHelper = (file) => /[\\/]test[\\/]|fixtures?[\\/.-]|factories|\.test\.ts$/.test(file);

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function namesDatabase(file, seen) {
  if (seen.has(file)) return false;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  if (MARKERS.test(source)) return true;
  for (const [, specifier] of source.matchAll(IMPORT)) {
    const target = resolve(file, specifier);
    if (target && isHelper(target) && namesDatabase(target, seen)) return true;
  }
  return false;
}

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The server's test files, relative to `serverDir`, split by whether they depend on the test database. */
export function serverTestFiles(serverDir) {
  const files = ['src', 'test'].flatMap((dir) => testFiles(path.join(serverDir, dir))).sort();
  const database = [];
  const other = [];
  for (const file of files) (namesDatabase(file, new Set()) ? database : other).push(path.relative(serverDir, file));
  return { database, other };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { database, other } = serverTestFiles(path.resolve(process.argv[2] ?? 'apps/server'));
  const which = process.argv.includes('--other') ? other : database;
  console.log(which.join('\n'));
}
