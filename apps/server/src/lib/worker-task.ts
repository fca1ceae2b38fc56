import { parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * One task in its own worker thread, with a heap limit and a wall-clock limit (the thread is
 * terminated past it): heavy parsing (office evaluations, spreadsheet imports) runs there so
 * that the main event loop keeps answering. The task's module calls `serveWorkerTask` with its
 * function; the caller runs it with `runWorkerTask`. Request and reply cross by structured clone.
 */

/** Where a worker's code is: from source (tsx, vitest) or as its own bundle beside server.js. */
export interface WorkerTarget {
  file: URL;
  /** The TypeScript module the boot file loads (from source only). */
  entry: string | null;
}

/**
 * The worker of `sourceFile` (relative to `callerUrl`, the caller's import.meta.url) from source,
 * or the bundle `builtName`.js beside the built server (scripts/build.mjs names it).
 */
export function workerTarget(callerUrl: string, sourceFile: string, builtName: string): WorkerTarget {
  if (callerUrl.endsWith('.ts')) return { file: new URL('./worker-boot.mjs', import.meta.url), entry: new URL(sourceFile, callerUrl).href };
  return { file: new URL(`./${builtName}.js`, callerUrl), entry: null };
}

export interface WorkerLimits {
  timeoutMs: number;
  /** The worker's heap (old generation) in MB. */
  memoryMb: number;
}

/** The task ran past its time limit (the thread was terminated). */
export class WorkerTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The worker ran past its limit of ${timeoutMs} ms.`);
    this.name = 'WorkerTimeoutError';
  }
}

/** The task needed more memory than its limit (the thread was stopped). */
export class WorkerOutOfMemoryError extends Error {
  constructor() {
    super('The worker ran out of its memory limit.');
    this.name = 'WorkerOutOfMemoryError';
  }
}

/** The worker itself failed (it threw outside the task, or stopped without a reply). */
export class WorkerFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerFailure';
  }
}

/** Runs one request in a fresh worker thread and resolves with its one reply. */
export function runWorkerTask<Request, Reply>(target: WorkerTarget, request: Request, limits: WorkerLimits): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(target.file, {
      workerData: target.entry ? { request, entry: target.entry } : { request },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 48, stackSizeMb: 8 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new WorkerTimeoutError(limits.timeoutMs))), limits.timeoutMs);
    worker.once('message', (reply: Reply) => finish(() => resolve(reply)));
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerOutOfMemoryError() : new WorkerFailure(error.message))),
    );
    worker.once('exit', (code) => finish(() => reject(new WorkerFailure(`The worker stopped (exit ${code}).`))));
  });
}

/** In the worker's module: answers the request it was started with by `task` (its one reply). */
export async function serveWorkerTask<Request, Reply>(task: (request: Request) => Promise<Reply>): Promise<void> {
  if (!parentPort) return;
  parentPort.postMessage(await task((workerData as { request: Request }).request));
}
