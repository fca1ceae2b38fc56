import type { ProgrammingLanguage } from '@app/contracts';
import type { Clock } from '../../lib/clock.js';
import type { ExecutionResult, Executor } from './runner.executor.js';
import type { RunnerRepository, RunRow } from './runner.repository.js';

export interface RunQueueOptions {
  repo: RunnerRepository;
  executor: Executor;
  clock: Clock;
  workerId: string;
  /** Called with the result before the verdict is written (a submission records its answer). */
  onResult: (row: RunRow, result: ExecutionResult) => Promise<ExecutionResult>;
  /** Embedded database: this process is the only worker, so earlier claims are released at start. */
  soleWorker: boolean;
  /** A claim older than this belongs to a dead worker and is taken over. */
  leaseMs?: number;
  /** How often the table is polled for runs queued by other server processes. */
  pollMs?: number;
  /** Tries per run before it ends as an internal error. */
  maxAttempts?: number;
  log?: (message: string, error?: unknown) => void;
}

export const RUN_INTERNAL_ERROR_RESULT = {
  verdict: 'IE',
  passed: 0,
  total: 0,
  message: 'The runner stopped before this program was judged. Please run it again.',
  cases: [],
} as const;

/**
 * The run queue. Jobs live in the runs table (status PE); this worker claims as many as it
 * has free slots, judges them, and writes the verdict. A restart releases or fails what was in
 * flight, so nothing stays pending forever.
 */
export function createRunQueue(options: RunQueueOptions) {
  const { repo, executor, clock, workerId } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 1000;
  const maxAttempts = options.maxAttempts ?? 2;
  const log = options.log ?? (() => undefined);
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let pumping = false;
  let again = false;
  let running = false;

  const staleBefore = () => new Date(clock.now().getTime() - leaseMs);

  async function judge(row: RunRow): Promise<void> {
    let result: ExecutionResult;
    try {
      result = await executor.execute({
        language: row.language as ProgrammingLanguage,
        sourceCode: row.sourceCode,
        cases: row.cases,
        timeLimitMs: row.timeLimitMs,
        memoryLimitMb: row.memoryLimitMb,
        stopOnFailure: false,
      });
      // Stopping: the run was cut short, so it stays pending and is judged again after a restart.
      if (!running) return;
      result = await options.onResult(row, result);
    } catch (error) {
      if (!running) return;
      log('run failed in the runner', error);
      result = { verdict: 'IE', compileOutput: '', message: 'The runner failed on this program.', cases: [] };
    }
    try {
      await repo.finish(row.id, workerId, result.verdict, toStored(row, result), clock.now());
    } catch (error) {
      log('could not store a verdict', error);
      // Never leave the run pending to be judged again and again: store that it failed.
      await repo
        .finish(row.id, workerId, 'IE', { ...RUN_INTERNAL_ERROR_RESULT, message: 'The result of this program could not be stored.' }, clock.now())
        .catch((again) => log('could not store an internal error either', again));
    }
  }

  async function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        const room = executor.capacity - inFlight.size;
        if (!running || room <= 0) break;
        const rows = await repo.claim(workerId, clock.now(), staleBefore(), room);
        for (const row of rows) {
          const job = judge(row).finally(() => {
            inFlight.delete(job);
            if (running) void pump();
          });
          inFlight.add(job);
        }
        if (rows.length === room) again = true;
      } while (again && running);
    } catch (error) {
      log('run queue poll failed', error);
    } finally {
      pumping = false;
    }
  }

  return {
    async start(): Promise<void> {
      if (options.soleWorker) await repo.releaseAllClaims();
      await repo.failExhausted(maxAttempts, 'IE', RUN_INTERNAL_ERROR_RESULT, clock.now(), options.soleWorker ? clock.now() : staleBefore());
      running = true;
      timer = setInterval(() => {
        void repo
          .failExhausted(maxAttempts, 'IE', RUN_INTERNAL_ERROR_RESULT, clock.now(), staleBefore())
          .catch((error) => log('run queue sweep failed', error));
        void pump();
      }, pollMs);
      timer.unref();
      await pump();
    },
    /** A run was queued: look now rather than at the next poll. */
    notify(): void {
      if (running) void pump();
    },
    get busy(): number {
      return inFlight.size;
    },
    /**
     * Stops claiming, stops the programs running now and waits for their jobs to unwind. Their
     * rows stay pending: the next start releases them (embedded database) or another worker
     * takes them over once the lease has passed.
     */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearInterval(timer);
      timer = null;
      while (pumping) await new Promise((resolve) => setTimeout(resolve, 5));
      executor.abort?.();
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type RunQueue = ReturnType<typeof createRunQueue>;

/** What is stored in runs.result: the whole outcome; the service decides what a reader sees. */
export interface StoredResult {
  verdict: string;
  passed: number;
  total: number;
  compileOutput?: string;
  message?: string;
  cases: Array<{
    verdict: string;
    passed: boolean | null;
    timeMs: number;
    memoryKb: number;
    stdout: string;
    stderr: string;
  }>;
}

function toStored(row: RunRow, result: ExecutionResult): StoredResult {
  const judged = row.cases.filter((c) => c.expected !== null).length;
  return {
    verdict: result.verdict,
    passed: result.cases.filter((c) => c.passed === true).length,
    total: judged > 0 ? row.cases.length : result.cases.length,
    ...(result.compileOutput ? { compileOutput: result.compileOutput } : {}),
    ...(result.message ? { message: result.message } : {}),
    cases: result.cases.map((c) => ({
      verdict: c.verdict,
      passed: c.passed,
      timeMs: c.timeMs,
      memoryKb: c.memoryKb,
      stdout: c.stdout,
      stderr: c.stderr,
    })),
  };
}

export { toStored };
