/**
 * Sandbox overhead: the median wall time of a sandboxed hello world minus the median of the same
 * program run bare, measured alternately in one process (Python and C).
 *
 *   npx tsx bench/runner-overhead.ts            (as root; BENCH_RUNS=200 by default)
 *
 * "Sandboxed" is one test-case step as the runner does it: bwrap with its namespaces and
 * mounts, time, prlimit, setpriv, the program. The job folder is opened once (it is opened once
 * per submission, not per case). Also reports one whole job (open folder, compile if needed,
 * one case, clean up) through the executor. Targets: Python < 30 ms, C < 20 ms.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalExecutor } from '../apps/server/src/modules/runner/runner.local.js';
import type { SandboxLimits } from '../apps/server/src/modules/runner/runner.sandbox.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const MB = 1024 * 1024;
const LIMITS: SandboxLimits = {
  cpuMs: 2000,
  wallMs: 5000,
  addressSpaceBytes: 256 * MB,
  processes: 16,
  fileBytes: 16 * MB,
  tmpfsBytes: 64 * MB,
  memoryBytes: 256 * MB,
  outputBytes: MB,
  openFiles: 64,
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

function bare(argv: string[], cwd: string): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env: {}, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.on('error', () => undefined);
    child.stdin.end('');
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${argv.join(' ')} exited ${code}`));
      resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
  });
}

async function main(): Promise<void> {
  const executor = createLocalExecutor({ slots: 1 });
  await executor.start();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-runner-'));
  try {
    fs.writeFileSync(path.join(work, 'main.py'), 'print("hello")\n');
    fs.writeFileSync(path.join(work, 'main.c'), '#include <stdio.h>\nint main(void){puts("hello");return 0;}\n');
    const cc = spawnSync('/usr/bin/gcc', ['-O2', '-o', 'main', 'main.c'], { cwd: work });
    if (cc.status !== 0) throw new Error(`gcc failed: ${cc.stderr}`);
    const binary = fs.readFileSync(path.join(work, 'main'));

    const results: Record<string, { bare: number; sandboxed: number }> = {};
    for (const [label, argv] of [
      ['Python', ['/usr/bin/python3', '-S', '-E', '-B', 'main.py']],
      ['C', ['./main']],
    ] as const) {
      const bareTimes: number[] = [];
      const boxTimes: number[] = [];
      await executor.withSlot(async (slot) => {
        const jobDir = executor.sandbox.openJob(slot, { 'main.py': 'print("hello")\n' });
        fs.writeFileSync(path.join(jobDir, 'main'), binary, { mode: 0o755 });
        fs.chownSync(path.join(jobDir, 'main'), slot.uid, slot.uid);
        for (let i = 0; i < 10; i += 1) await bare([...argv], work); // warm the page cache
        for (let i = 0; i < RUNS; i += 1) {
          bareTimes.push(await bare([...argv], work));
          const started = process.hrtime.bigint();
          const outcome = await executor.sandbox.run({ slot, argv: [...argv], writableJob: false, limits: LIMITS });
          boxTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (outcome.stdout !== 'hello\n' || outcome.sandboxError) throw new Error(`sandboxed run failed: ${JSON.stringify(outcome)}`);
        }
      });
      results[label] = { bare: median(bareTimes), sandboxed: median(boxTimes) };
    }

    const jobTimes: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 50); i += 1) {
      const started = process.hrtime.bigint();
      const result = await executor.execute({
        language: 'Python',
        sourceCode: 'print("hello")',
        cases: [{ input: '', expected: 'hello' }],
        timeLimitMs: 2000,
        memoryLimitMb: 128,
        stopOnFailure: false,
      });
      jobTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (result.verdict !== 'AC') throw new Error(`job failed: ${JSON.stringify(result)}`);
    }

    console.log(`runner overhead, ${RUNS} runs each, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
    for (const [label, r] of Object.entries(results)) {
      const target = label === 'C' ? 20 : 30;
      const overhead = r.sandboxed - r.bare;
      console.log(
        `${label.padEnd(7)} bare ${ms(r.bare)}  sandboxed ${ms(r.sandboxed)}  overhead ${ms(overhead)}  (target < ${target} ms: ${overhead < target ? 'met' : 'MISSED'})`,
      );
    }
    console.log(`Python whole job (folder, one case, clean-up) median ${ms(median(jobTimes))}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await executor.stop();
  }
}

await main();
