#!/usr/bin/env node
// The README's test command: typecheck, lint, import circles (types included), unit and API tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set, for the files that use a database), the web build, and end-to-end tests in Chromium. Prints one closing
// line "N passed, N failed" that sums every suite, and exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverTestFiles } from './database-tests.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-test-'));
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];
/** Names of the failing tests, printed under the summary so a run's last lines say what failed. */
const failures = [];

function run(name, command, args, { cwd = root, env = {}, report, files = [] } = {}) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}${files.length ? ` (${files.length} files)` : ''}`);
  const started = Date.now();
  const result = spawnSync(command, [...args, ...files], { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (report && fs.existsSync(report.file)) {
    const json = JSON.parse(fs.readFileSync(report.file, 'utf8'));
    counts = report.parse(json);
    for (const failure of report.failures(json)) failures.push(`${name}: ${failure}`);
  }
  // Steps that are not test suites (typecheck, lint, build) add nothing when they pass.
  if (!report) counts = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
  // A suite that failed without a failing test (crash, config error) still counts as one failure.
  if (!ok && counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  const detail = report ? `${counts.passed} passed, ${counts.failed} failed` : ok ? 'ok' : 'failed';
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail} (${seconds}s)`);
}

const vitestReport = (name) => {
  const file = path.join(reportDir, `${name}.json`);
  return {
    args: ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    report: {
      file,
      parse: (json) => ({
        passed: json.numPassedTests ?? 0,
        failed: json.numFailedTests ?? 0,
        skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      }),
      failures: (json) =>
        (json.testResults ?? []).flatMap((file) => {
          const where = path.relative(root, file.name ?? '');
          const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
          // A file that failed to load has no failing test of its own.
          if (!failedTests.length && file.status === 'failed') return [`${where}: ${String(file.message ?? '').split('\n')[0]}`];
          // The first line of the first failure message: the summary then says why, not only what.
          const why = (test) => String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
          return failedTests.map((test) => `${where} › ${test.fullName}${why(test) ? `\n      ${why(test)}` : ''}`);
        }),
    },
  };
};

function vitest(name, cwd, env = {}, files = []) {
  const { args, report } = vitestReport(name);
  run(name, 'npx', ['vitest', 'run', '--passWithNoTests', ...args], { cwd: path.join(root, cwd), env, report, files });
}

run('typecheck', 'node', ['scripts/typecheck.mjs']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0', '--concurrency=2']);
run('cycles', 'node', ['scripts/cycles.mjs']);
run('docs', 'node', ['scripts/decisions-index.mjs', '--check']);
vitest('contracts', 'packages/contracts');
const serverTests = serverTestFiles(path.join(root, 'apps/server'));
// The files seen not to use a database are refused one on this run (test/test-app.ts), so none is missed below.
vitest('server-pglite', 'apps/server', { TEST_DB: 'pglite', NEETPREP_DATABASE_FREE_TESTS: serverTests.other.join('\n') });
// Again on PostgreSQL, the files whose outcome depends on the database (the others ran above).
if (process.env.TEST_DATABASE_URL) vitest('server-postgres', 'apps/server', { TEST_DB: 'pg' }, serverTests.database);
else if (!only.length) summary.push('skip server-postgres: TEST_DATABASE_URL is not set');
vitest('web', 'apps/web');
run('build', 'npm', ['run', 'build']);
{
  const file = path.join(reportDir, 'e2e.json');
  const failedTitles = (suites, acc) => {
    for (const suite of suites ?? []) {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (!['expected', 'flaky', 'skipped'].includes(test.status)) acc.push(`${spec.file}:${spec.line} › ${spec.title} (${test.projectName})`);
        }
      }
      failedTitles(suite.suites, acc);
    }
    return acc;
  };
  const count = (suites, acc) => {
    for (const suite of suites ?? []) {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'expected' || test.status === 'flaky') acc.passed += 1;
          else if (test.status === 'skipped') acc.skipped += 1;
          else acc.failed += 1;
        }
      }
      count(suite.suites, acc);
    }
    return acc;
  };
  run('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    report: { file, parse: (json) => count(json.suites, { passed: 0, failed: 0, skipped: 0 }), failures: (json) => failedTitles(json.suites, []) },
  });
}

console.log('\n=== summary');
for (const line of summary) console.log(line);
if (failures.length) console.log(`failing tests:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(failed > 0 ? 1 : 0);
