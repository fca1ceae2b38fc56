import fs from 'node:fs';
import type { ProgrammingLanguage, RunVerdict } from '@app/contracts';
import { outputsMatch } from './runner.compare.js';
import {
  clip,
  overallVerdict,
  type ExecutedCase,
  type ExecutionJob,
  type ExecutionResult,
  type Executor,
} from './runner.executor.js';
import { buildLanguages, type LanguageSpec } from './runner.languages.js';
import { createSandbox, type SandboxLimits, type SandboxOutcome, type SandboxSlot } from './runner.sandbox.js';

const MB = 1024 * 1024;
const SIGKILL = 9;
const SIGXCPU = 24;
const SIGXFSZ = 25;

/** Limits of the compile step: generous, but a compile-time bomb still ends in seconds. */
export const COMPILE_LIMITS: SandboxLimits = {
  cpuMs: 10_000,
  wallMs: 20_000,
  addressSpaceBytes: 4096 * MB,
  processes: 128,
  fileBytes: 64 * MB,
  tmpfsBytes: 256 * MB,
  memoryBytes: 2048 * MB,
  outputBytes: 1 * MB,
  openFiles: 256,
};

export interface LocalExecutorOptions {
  slots: number;
  /** Folder for slot and job folders (default: a fresh folder under the system temp dir). */
  rootDir?: string;
  compileLimits?: Partial<SandboxLimits>;
  /** A cgroup v2 folder delegated to the runner (RUNNER_CGROUP). */
  cgroupBase?: string;
  log?: (message: string) => void;
}

export type LocalExecutor = ReturnType<typeof createLocalExecutor>;

/** Judges programs in the bubblewrap sandbox on a fixed pool of slots, one job per slot at a time. */
export function createLocalExecutor(options: LocalExecutorOptions) {
  const sandbox = createSandbox({
    slots: options.slots,
    ...(options.rootDir ? { rootDir: options.rootDir } : {}),
    ...(options.cgroupBase ? { cgroupBase: options.cgroupBase } : {}),
  });
  const languages = buildLanguages();
  const compileLimits = { ...COMPILE_LIMITS, ...options.compileLimits };
  const free: SandboxSlot[] = [];
  const waiters: Array<(slot: SandboxSlot) => void> = [];
  let available: ProgrammingLanguage[] = [];
  let started = false;

  function acquire(): Promise<SandboxSlot> {
    const slot = free.shift();
    if (slot) return Promise.resolve(slot);
    return new Promise((resolve) => waiters.push(resolve));
  }

  function release(slot: SandboxSlot): void {
    const next = waiters.shift();
    if (next) next(slot);
    else free.push(slot);
  }

  function toolOf(spec: LanguageSpec): string {
    return (spec.compile?.('x') ?? spec.run('x', 64))[0]!;
  }

  /**
   * Reads its own status in every slot: proves namespaces, limits, the uid switch and the
   * seccomp filter (mode 2) all work here. A sandbox without the filter runs nothing.
   */
  async function selfTest(): Promise<void> {
    for (const slot of sandbox.slots) {
      sandbox.openJob(slot, {});
      try {
        const outcome = await sandbox.run({
          slot,
          argv: ['/usr/bin/grep', '-E', '^(Uid|Seccomp):', '/proc/self/status'],
          writableJob: false,
          limits: { ...compileLimits, cpuMs: 2000, wallMs: 10_000, addressSpaceBytes: 256 * MB, memoryBytes: 256 * MB, processes: 8 },
        });
        if (outcome.sandboxError) throw new Error(outcome.sandboxError);
        const uid = /^Uid:\s+(\d+)/m.exec(outcome.stdout)?.[1];
        const seccomp = /^Seccomp:\s+(\d+)/m.exec(outcome.stdout)?.[1];
        if (outcome.exitCode !== 0 || uid !== String(slot.uid)) {
          throw new Error(`self-test ran as "${uid ?? outcome.stdout.trim()}" instead of uid ${slot.uid}: ${outcome.stderr.slice(0, 300)}`);
        }
        if (seccomp !== '2') throw new Error(`self-test ran without the seccomp filter (Seccomp: ${seccomp ?? 'unknown'})`);
      } finally {
        sandbox.closeJob(slot);
      }
    }
  }

  function caseLimits(spec: LanguageSpec, job: ExecutionJob, expectedLength: number): SandboxLimits {
    const cpuMs = job.timeLimitMs * spec.timeFactor + spec.timeExtraMs;
    const tmpfsBytes = 64 * MB;
    return {
      cpuMs,
      wallMs: cpuMs * 2 + 1000,
      addressSpaceBytes: spec.addressSpaceBytes(job.memoryLimitMb),
      processes: spec.processes,
      fileBytes: 16 * MB,
      tmpfsBytes,
      // Files in /tmp are memory too: one cap for both, so a step cannot hold its limit twice over.
      memoryBytes: spec.memoryBytes(job.memoryLimitMb),
      outputBytes: 1 * MB + 2 * expectedLength,
      openFiles: 64,
    };
  }

  function judgeCase(spec: LanguageSpec, job: ExecutionJob, limits: SandboxLimits, outcome: SandboxOutcome, expected: string | null): ExecutedCase {
    const base = {
      timeMs: outcome.cpuMs,
      memoryKb: outcome.memoryKb,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
    };
    const verdict = ((): RunVerdict => {
      if (outcome.sandboxError) return 'IE';
      if (outcome.outputExceeded || outcome.signal === SIGXFSZ) return 'OLE';
      if (outcome.oomKilled) return 'MLE';
      const cpuOver = outcome.cpuMs > limits.cpuMs;
      if (outcome.wallTimedOut || outcome.signal === SIGXCPU || cpuOver || (outcome.signal === SIGKILL && outcome.cpuMs >= limits.cpuMs)) {
        return 'TLE';
      }
      const failed = outcome.exitCode !== 0 || outcome.signal !== null;
      if (failed) {
        const nearLimit = outcome.memoryKb >= job.memoryLimitMb * 1024 * 0.95;
        return spec.outOfMemory.test(outcome.stderr) || nearLimit ? 'MLE' : 'RE';
      }
      if (expected === null) return 'AC';
      return outputsMatch(outcome.stdoutBytes, expected) ? 'AC' : 'WA';
    })();
    return { ...base, verdict, passed: expected === null && verdict === 'AC' ? null : verdict === 'AC' };
  }

  async function executeOnSlot(slot: SandboxSlot, job: ExecutionJob): Promise<ExecutionResult> {
    const spec = languages[job.language];
    if (!available.includes(job.language)) {
      return { verdict: 'IE', compileOutput: '', message: `${job.language} is not installed on this server.`, cases: [] };
    }
    const sourceFile = spec.sourceFile(job.sourceCode);
    sandbox.openJob(slot, { [sourceFile]: job.sourceCode });
    let compileOutput = '';
    if (spec.compile) {
      const outcome = await sandbox.run({ slot, argv: spec.compile(sourceFile), writableJob: true, limits: compileLimits });
      compileOutput = clip(`${outcome.stdout}${outcome.stderr}`.trim(), 16_000);
      if (outcome.sandboxError) return { verdict: 'IE', compileOutput, message: 'The sandbox failed while compiling.', cases: [] };
      if (outcome.oomKilled) {
        const mb = Math.round(compileLimits.memoryBytes / MB);
        return { verdict: 'CE', compileOutput, message: `Compilation needed more than ${mb} MB of memory and was stopped.`, cases: [] };
      }
      if (outcome.wallTimedOut || outcome.signal === SIGXCPU || outcome.signal === SIGKILL) {
        const seconds = Math.round(compileLimits.cpuMs / 1000);
        return { verdict: 'CE', compileOutput, message: `Compilation took longer than ${seconds} s and was stopped.`, cases: [] };
      }
      if (outcome.outputExceeded) {
        return { verdict: 'CE', compileOutput, message: 'The compiler printed too many messages and was stopped.', cases: [] };
      }
      if (outcome.exitCode !== 0 || outcome.signal !== null) return { verdict: 'CE', compileOutput, cases: [] };
    }
    const cases: ExecutedCase[] = [];
    for (const testCase of job.cases) {
      const limits = caseLimits(spec, job, testCase.expected?.length ?? 0);
      const outcome = await sandbox.run({
        slot,
        argv: spec.run(sourceFile, job.memoryLimitMb),
        writableJob: false,
        stdin: testCase.input,
        limits,
      });
      const judged = judgeCase(spec, job, limits, outcome, testCase.expected);
      if (cases.length === 0 && judged.verdict === 'RE' && spec.syntaxError?.(outcome.stderr)) {
        return { verdict: 'CE', compileOutput: clip(outcome.stderr.trim(), 16_000), cases: [] };
      }
      cases.push({ ...judged, stdout: clip(judged.stdout), stderr: clip(judged.stderr) });
      if (judged.verdict === 'IE' || (job.stopOnFailure && judged.verdict !== 'AC')) break;
    }
    return { verdict: overallVerdict(cases), compileOutput, cases };
  }

  const executor: Executor & { sandbox: typeof sandbox; withSlot: <T>(work: (slot: SandboxSlot) => Promise<T>) => Promise<T> } = {
    backend: 'local',
    capacity: options.slots,
    sandbox,
    async start() {
      if (started) return;
      try {
        sandbox.setUp();
        const spawnerProblem = await sandbox.useSpawnerProcess();
        if (spawnerProblem) options.log?.(`sandbox steps start from the server process: ${spawnerProblem}`);
        await selfTest();
      } catch (error) {
        sandbox.tearDown();
        throw error;
      }
      available = (Object.values(languages) as LanguageSpec[])
        .filter((spec) => fs.existsSync(toolOf(spec)))
        .map((spec) => spec.label);
      free.push(...sandbox.slots);
      started = true;
    },
    languages: () => [...available],
    isolation: () => sandbox.isolation(),
    async execute(job) {
      if (!started) throw new Error('the sandbox is not started');
      const slot = await acquire();
      try {
        return await executeOnSlot(slot, job);
      } catch (error) {
        return { verdict: 'IE', compileOutput: '', message: `The runner failed: ${(error as Error).message}`, cases: [] };
      } finally {
        try {
          await sandbox.quiesce(slot);
          sandbox.closeJob(slot);
        } finally {
          release(slot);
        }
      }
    },
    /** Lends a slot for direct sandbox use (tests, benchmarks); its job folder is closed after. */
    async withSlot<T>(work: (slot: SandboxSlot) => Promise<T>): Promise<T> {
      if (!started) throw new Error('the sandbox is not started');
      const slot = await acquire();
      try {
        return await work(slot);
      } finally {
        try {
          await sandbox.quiesce(slot);
          sandbox.closeJob(slot);
        } finally {
          release(slot);
        }
      }
    },
    abort() {
      if (started) sandbox.abortAll();
    },
    async stop() {
      if (!started) return;
      started = false;
      sandbox.tearDown();
    },
  };
  return executor;
}
