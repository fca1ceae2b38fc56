#!/usr/bin/env node
// Import circles in every workspace, type-only imports and dynamic import() included: a circle
// through types still ties two files' designs together. This is the only circle check (eslint's
// import/no-cycle skipped types and took four fifths of the lint's time, decision 102). dpdm reads
// each workspace through its own tsconfig (so `@app/contracts` resolves to its source) and fails
// on the first circle it prints.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const projects = [
  { tsconfig: 'apps/server/tsconfig.json', files: 'apps/server/src/**/*.ts' },
  { tsconfig: 'apps/web/tsconfig.json', files: 'apps/web/src/**/*.{ts,tsx}' },
  { tsconfig: 'packages/contracts/tsconfig.json', files: 'packages/contracts/src/**/*.ts' },
  { tsconfig: 'e2e/tsconfig.json', files: 'e2e/{support,tests}/**/*.ts' },
  { tsconfig: 'bench/tsconfig.json', files: 'bench/**/*.ts' },
];
let failed = false;
for (const { tsconfig, files } of projects) {
  const result = spawnSync(
    'npx',
    [
      'dpdm',
      '--no-tree',
      '--no-warning',
      '--no-progress',
      '--circular',
      '--exit-code',
      'circular:1',
      '--tsconfig',
      tsconfig,
      '--exclude',
      'node_modules',
      files,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
