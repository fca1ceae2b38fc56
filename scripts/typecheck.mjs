#!/usr/bin/env node
// Type-checks every workspace with its own tsconfig (strict everywhere), two at a time: each tsc
// is single-threaded, so two keep both cores of a small CI machine busy.
import { spawn } from 'node:child_process';
import os from 'node:os';

const projects = ['apps/web', 'apps/server', 'packages/contracts', 'e2e', 'bench'];
const parallel = Math.max(1, Math.min(2, os.availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      // Each project's errors print together, after it finishes, so two runs never interleave.
      process.stdout.write(output);
      console.log(`typecheck ${project}: ${status === 0 ? 'ok' : 'FAILED'}`);
      resolve(status === 0);
    });
  });
}

const queue = [...projects];
let failed = false;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (queue.length) if (!(await check(queue.shift()))) failed = true;
  }),
);
process.exit(failed ? 1 : 0);
