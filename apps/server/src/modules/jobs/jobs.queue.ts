import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { JobRow, JobsRepository, Outcome } from './jobs.repository.js';

/** What a handler sees of its job. */
export interface QueuedJob<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  requestedBy: number | null;
  instituteId: number | null;
}

export interface JobContext {
  /** Aborted when the job is cancelled, its lease is lost, or the server stops. */
  readonly signal: AbortSignal;
  /** How far the job is; total may stay null until it is known. Written a few times a second. */
  progress(done: number, total?: number | null): void;
  /** One row or item could not be handled; the job goes on. Kept for the requester to read. */
  itemError(item: string | number, message: string): void;
  /** True once cancellation was asked for (or the job is no longer this worker's). */
  isCancelled(): boolean;
  /** Throws JobCancelledError when isCancelled(): call it between items. */
  throwIfCancelled(): void;
  /**
   * Marks the job succeeded with `result` inside the handler's own transaction `tx`, so that its
   * writes and its outcome commit together (a crash right after the commit cannot leave the job
   * "failed" with everything written). Throws JobLeaseLostError, rolling the transaction back,
   * when the job is no longer this worker's. What the handler returns afterwards replaces the
   * result (e.g. the messages it then sent); if it throws afterwards, the job stays succeeded.
   */
  succeedIn(tx: Db, result: unknown): Promise<void>;
}

export type JobHandler<P = unknown, R = unknown> = (job: QueuedJob<P>, ctx: JobContext) => Promise<R>;

/**
 * A failure a handler means the requester to read (e.g. "the file has no header row"). Other
 * errors are logged and shown as a generic message. `retry: false` fails the job at once.
 */
export class JobError extends Error {
  readonly retry: boolean;
  constructor(message: string, options: { retry?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'JobError';
    this.retry = options.retry ?? true;
  }
}

/** The job's lease passed to another worker before its transaction committed. */
export class JobLeaseLostError extends Error {
  constructor() {
    super('The job is no longer this worker\'s; its work was not committed.');
    this.name = 'JobLeaseLostError';
  }
}

export class JobCancelledError extends Error {
  constructor() {
    super('The job was cancelled.');
    this.name = 'JobCancelledError';
  }
}

export const JOB_GENERIC_FAILURE = 'The job failed on the server. Please try again later.';
export const JOB_ABANDONED_FAILURE = 'The server running this job stopped too many times.';

/** Item errors kept per attempt; more are counted but not stored. */
export const JOB_ITEM_ERRORS_KEPT_MAX = 1000;
const ITEM_TEXT_MAX = 200;
const MESSAGE_TEXT_MAX = 1000;

export interface EnqueueOptions {
  /** The user who asked; they (and later their institute's staff) may read the job. */
  requestedBy?: number | null;
  maxAttempts?: number;
  /** Start no earlier than this many milliseconds from now. */
  delayMs?: number;
}

export interface JobQueueOptions {
  repo: JobsRepository;
  clock: Clock;
  /** Names this process in lease_owner. */
  workerId: string;
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** A running job's lease; renewed well before it ends, taken over by another worker after. */
  leaseMs?: number;
  /** How often the table is polled for jobs queued by other processes or due for a retry. */
  pollMs?: number;
  /** How often progress is written and the lease renewed while a job runs. */
  heartbeatMs?: number;
  /** Delay before retry n (1-based) of a failed attempt. */
  backoffMs?: (attempt: number) => number;
  defaultMaxAttempts?: number;
  /** Embedded database: this is the only worker, so at start every running job was orphaned. */
  soleWorker?: boolean;
  /** How long stop() waits for running handlers to give up after their signal is aborted. */
  stopGraceMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/** 10 s, 20 s, 40 s, … at most 10 minutes. */
export const defaultBackoffMs = (attempt: number) => Math.min(10 * 60_000, 10_000 * 2 ** Math.max(0, attempt - 1));

/**
 * The job queue over the jobs table: enqueue, handlers per kind, a worker that claims with
 * FOR UPDATE SKIP LOCKED, renews leases while a handler runs, retries failures with back-off
 * and writes the outcome. Tests call runOnce(); the server calls start() and stop().
 */
export function createJobQueue(options: JobQueueOptions) {
  const { repo, clock, workerId } = options;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1_000;
  const heartbeatMs = Math.min(options.heartbeatMs ?? 500, Math.floor(leaseMs / 3));
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const defaultMaxAttempts = options.defaultMaxAttempts ?? 3;
  const stopGraceMs = options.stopGraceMs ?? 8_000;
  const log = options.log ?? (() => undefined);
  const handlers = new Map<string, JobHandler<never, unknown>>();
  const inFlight = new Map<string, { promise: Promise<void>; controller: AbortController }>();
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopping = false;
  let pumping: Promise<number> | null = null;

  const leaseUntil = () => new Date(clock.now().getTime() + leaseMs);

  async function run(row: JobRow, controller: AbortController): Promise<void> {
    const handler = handlers.get(row.kind)!;
    let done = 0;
    let total: number | null = null;
    let errorCount = 0;
    let kept = 0;
    let pendingErrors: Array<{ item: string; message: string }> = [];
    let dirty = false;
    let cancelled = false;
    let held = true;
    /** Set once the handler's transaction has written the job's success (succeedIn). */
    let committed: 'pending' | 'yes' | null = null;
    let lastBeat = clock.now().getTime();

    const beat = async (force: boolean) => {
      const due = clock.now().getTime() - lastBeat >= leaseMs / 3;
      if (!held || committed || (!force && !dirty && !due)) return;
      const errors = pendingErrors;
      pendingErrors = [];
      const progress = dirty ? { done, total, errorCount } : undefined;
      dirty = false;
      const answer = await repo.heartbeat(row.id, workerId, { leaseUntil: leaseUntil(), progress, errors });
      lastBeat = clock.now().getTime();
      held = answer.held;
      if (!answer.held || answer.cancelRequested) {
        cancelled = true;
        controller.abort(new JobCancelledError());
      }
    };
    let beating: Promise<void> = Promise.resolve();
    const beatTimer = setInterval(() => {
      beating = beating.then(() => beat(false)).catch((error: unknown) => log(`job ${row.id}: heartbeat failed`, error));
    }, heartbeatMs);
    beatTimer.unref();

    const ctx: JobContext = {
      signal: controller.signal,
      progress(nextDone, nextTotal) {
        done = Math.max(0, Math.trunc(nextDone));
        if (nextTotal !== undefined) total = nextTotal === null ? null : Math.max(0, Math.trunc(nextTotal));
        dirty = true;
      },
      itemError(item, message) {
        errorCount += 1;
        dirty = true;
        if (kept >= JOB_ITEM_ERRORS_KEPT_MAX) return;
        kept += 1;
        pendingErrors.push({ item: String(item).slice(0, ITEM_TEXT_MAX), message: message.slice(0, MESSAGE_TEXT_MAX) });
      },
      isCancelled: () => cancelled,
      throwIfCancelled() {
        if (cancelled) throw new JobCancelledError();
      },
      async succeedIn(tx, result) {
        // No heartbeat from here on: it would find the row no longer running and take that for a lost lease.
        committed = 'pending';
        await beating;
        const ok = await repo.succeedIn(tx, row.id, workerId, { result: result ?? null, finishedAt: clock.now(), progress: { done, total } });
        if (!ok) {
          committed = null;
          held = false;
          throw new JobLeaseLostError();
        }
        committed = 'yes';
      },
    };

    const job: QueuedJob<never> = {
      id: row.id,
      kind: row.kind,
      payload: row.payload as never,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      requestedBy: row.requestedBy,
      instituteId: row.instituteId,
    };
    let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, result: await handler(job, ctx) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    clearInterval(beatTimer);
    await beating;

    if (committed) {
      // The handler wrote its success in its transaction. Whether that committed is certain once
      // it returned; after a failure the row says (a rolled-back transaction left it running).
      const stands = outcome.ok && committed === 'yes' ? true : (await repo.get(row.id).catch(() => null))?.state === 'succeeded';
      if (stands) {
        if (outcome.ok && outcome.result !== undefined) {
          await repo.updateResult(row.id, outcome.result).catch((error: unknown) => log(`job ${row.id}: could not update its result`, error));
        } else if (!outcome.ok) log(`job ${row.id} (${row.kind}) failed after its work was committed; it stays succeeded`, outcome.error);
        return;
      }
      committed = null;
    }

    try {
      // The last progress and errors are written before the outcome.
      dirty = dirty || pendingErrors.length > 0;
      await beat(true);
      if (!held) {
        log(`job ${row.id}: its lease was lost; another worker has it or it ended`);
        return;
      }
      if (outcome.ok) {
        await repo.finish(row.id, workerId, { state: 'succeeded', result: outcome.result ?? null, finishedAt: clock.now() });
        return;
      }
      if (cancelled) {
        await repo.finish(row.id, workerId, { state: 'cancelled', failure: null, finishedAt: clock.now() });
        return;
      }
      if (stopping && controller.signal.aborted) {
        await repo.release(row.id, workerId);
        return;
      }
      await repo.finish(row.id, workerId, failureOutcome(row, outcome.error));
    } catch (error) {
      log(`job ${row.id}: could not write its outcome`, error);
    }
  }

  function failureOutcome(row: JobRow, error: unknown): Outcome {
    const message = error instanceof JobError ? error.message.slice(0, MESSAGE_TEXT_MAX) : JOB_GENERIC_FAILURE;
    if (!(error instanceof JobError)) log(`job ${row.id} (${row.kind}) failed on attempt ${row.attempts}`, error);
    const retry = !(error instanceof JobError && !error.retry) && row.attempts < row.maxAttempts;
    if (!retry) return { state: 'failed', failure: message, finishedAt: clock.now() };
    return { state: 'queued', failure: message, runAfter: new Date(clock.now().getTime() + backoffMs(row.attempts)) };
  }

  /** Claims what there is room for and starts it; returns the jobs started. */
  async function claimAndStart(): Promise<Array<Promise<void>>> {
    await repo.endAbandoned(clock.now(), JOB_ABANDONED_FAILURE);
    const room = concurrency - inFlight.size;
    if (room <= 0 || stopping) return [];
    const rows = await repo.claim(workerId, [...handlers.keys()], clock.now(), leaseUntil(), room);
    return rows.map((row) => {
      const controller = new AbortController();
      const promise = run(row, controller).finally(() => {
        inFlight.delete(row.id);
        if (started && !stopping) void pump();
      });
      inFlight.set(row.id, { promise, controller });
      return promise;
    });
  }

  function pump(): Promise<number> {
    pumping ??= claimAndStart()
      .then((startedJobs) => startedJobs.length)
      .catch((error: unknown) => {
        log('job queue poll failed', error);
        return 0;
      })
      .finally(() => {
        pumping = null;
      });
    return pumping;
  }

  return {
    workerId,

    /** Registers the handler of one kind of job; this process claims only kinds it can run. */
    registerHandler<P, R>(kind: string, handler: JobHandler<P, R>): void {
      if (handlers.has(kind)) throw new Error(`a handler for job kind "${kind}" is already registered`);
      handlers.set(kind, handler as JobHandler<never, unknown>);
    },

    /** Queues a job; returns its id for the status call. */
    async enqueue(kind: string, payload: unknown, enqueueOptions: EnqueueOptions = {}): Promise<string> {
      const now = clock.now();
      const row = await repo.insert({
        id: randomUUID(),
        kind,
        payload: payload ?? null,
        maxAttempts: Math.max(1, enqueueOptions.maxAttempts ?? defaultMaxAttempts),
        runAfter: new Date(now.getTime() + Math.max(0, enqueueOptions.delayMs ?? 0)),
        requestedBy: enqueueOptions.requestedBy ?? null,
        createdAt: now,
      });
      if (started && !stopping) void pump();
      return row.id;
    },

    /** Jobs waiting to be claimed, across every process (the metrics' queue depth). */
    queued(): Promise<number> {
      return repo.countQueued();
    },

    /** Asks for a job to stop: a queued job is cancelled now, a running one at its next heartbeat. */
    cancel(id: string) {
      return repo.requestCancel(id, clock.now());
    },

    /**
     * Tests: claims what is due (up to the concurrency), runs it to the end, and returns how
     * many jobs ran. Call again for retries once the clock has passed their back-off.
     */
    async runOnce(): Promise<number> {
      const startedJobs = await claimAndStart();
      await Promise.all(startedJobs);
      return startedJobs.length;
    },

    get busy(): number {
      return inFlight.size;
    },

    async start(): Promise<void> {
      if (started) return;
      if (options.soleWorker) await repo.expireAllLeases(clock.now());
      started = true;
      stopping = false;
      timer = setInterval(() => void pump(), pollMs);
      timer.unref();
      await pump();
    },

    /**
     * Stops claiming and asks running handlers to stop (their signal is aborted). A handler that
     * gives up puts its job back in the queue without counting the attempt; one that does not
     * stop within the grace period keeps its lease until it expires, and another worker (or the
     * next start) takes the job over.
     */
    async stop(): Promise<void> {
      stopping = true;
      started = false;
      if (timer) clearInterval(timer);
      timer = null;
      await pumping;
      for (const { controller } of inFlight.values()) controller.abort(new Error('the server is stopping'));
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, stopGraceMs);
        graceTimer.unref();
      });
      await Promise.race([Promise.allSettled([...inFlight.values()].map((entry) => entry.promise)), grace]);
      clearTimeout(graceTimer);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

export function newWorkerId(hostname: string): string {
  return `${hostname}:${process.pid}:${randomUUID().slice(0, 8)}`;
}
