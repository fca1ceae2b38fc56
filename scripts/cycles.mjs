#!/usr/bin/env node
// Import circles, type-only imports and dynamic import() included: eslint's import/no-cycle skips
// `import type`, and a circle through types still ties two files' designs together. dpdm reads
// each workspace through its own tsconfig (so `@app/contracts` resolves to its source) and fails
// on the first circle it prints.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const projects = [
  { tsconfig: 'apps/server/tsconfig.json', files: 'apps/server/src/**/*.ts' },
  { tsconfig: 'apps/web/tsconfig.json', files: 'apps/web/src/**/*.{ts,tsx}' },
  { tsconfig: 'packages/contracts/tsconfig.json', files: 'packages/contracts/src/**/*.ts' },
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
