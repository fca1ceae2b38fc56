#!/usr/bin/env node
// Type-checks every workspace with its own tsconfig (strict everywhere).
import { spawnSync } from 'node:child_process';

const projects = ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
  console.log(`typecheck ${project}: ${result.status === 0 ? 'ok' : 'FAILED'}`);
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
