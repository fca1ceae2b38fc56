import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, openSecondConnection, type TestApp, type TestUser } from '../../../test/test-app.js';
import { jobItemErrors, jobs } from '../../db/schema/index.js';
import {
  createJobQueue,
  JOB_ABANDONED_FAILURE,
  JOB_GENERIC_FAILURE,
  JOB_ITEM_ERRORS_KEPT_MAX,
  JobError,
  type JobQueueOptions,
} from './jobs.queue.js';
import { createJobsRepository, type JobRow } from './jobs.repository.js';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ role: 'Teacher' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.execute(sql`TRUNCATE ${jobItemErrors}, ${jobs}`);
});

const LEASE_MS = 60_000;
function queue(workerId: string, options: Partial<JobQueueOptions> = {}) {
  return createJobQueue({
    repo: createJobsRepository(t.deps.db),
    clock: t.clock,
    workerId,
    concurrency: 4,
    leaseMs: LEASE_MS,
    heartbeatMs: 10,
    backoffMs: (attempt) => attempt * 10_000,
    ...options,
  });
}
const repo = () => createJobsRepository(t.deps.db);
const row = async (id: string): Promise<JobRow> => (await repo().get(id))!;
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 400 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('job queue', () => {
  it('runs a job: payload in, progress written while it runs, result kept on success', async () => {
    const q = queue('w1');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    q.registerHandler<{ rows: number }, { imported: number }>('roster-import', async (job, ctx) => {
      ctx.progress(0, job.payload.rows);
      ctx.progress(2);
      await gate;
      ctx.progress(job.payload.rows);
      return { imported: job.payload.rows };
    });
    const id = await q.enqueue('roster-import', { rows: 5 }, { requestedBy: alice.id });
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0, requestedBy: alice.id, progressDone: 0 });

    const running = q.runOnce();
    // The heartbeat writes progress while the handler is still working.
    await until(async () => (await row(id)).progressDone === 2);
    expect(await row(id)).toMatchObject({ state: 'running', progressDone: 2, progressTotal: 5, leaseOwner: 'w1', attempts: 1 });
    release();
    expect(await running).toBe(1);
    const done = await row(id);
    expect(done).toMatchObject({ state: 'succeeded', progressDone: 5, progressTotal: 5, result: { imported: 5 }, leaseOwner: null });
    expect(done.startedAt).toEqual(t.clock.now());
    expect(done.finishedAt).toEqual(t.clock.now());
    // Nothing is left to run.
    expect(await q.runOnce()).toBe(0);
  });

  it('keeps item errors in order; beyond the cap they are counted, not stored', async () => {
    const q = queue('w1');
    q.registerHandler('question-import', async (_job, ctx) => {
      ctx.itemError('row 2', 'The answer key is missing.');
      ctx.itemError(7, 'The topic "Optics" does not exist.');
      for (let i = 0; i < JOB_ITEM_ERRORS_KEPT_MAX + 3; i += 1) ctx.itemError(`row ${100 + i}`, 'Duplicate question.');
      ctx.progress(10, 10);
      return { imported: 8 };
    });
    const id = await q.enqueue('question-import', {}, { requestedBy: alice.id });
    await q.runOnce();
    const done = await row(id);
    expect(done).toMatchObject({ state: 'succeeded', errorCount: JOB_ITEM_ERRORS_KEPT_MAX + 5 });
    const kept = await repo().listErrors(id, 5000);
    expect(kept).toHaveLength(JOB_ITEM_ERRORS_KEPT_MAX);
    expect(kept.slice(0, 3)).toEqual([
      { item: 'row 2', message: 'The answer key is missing.' },
      { item: '7', message: 'The topic "Optics" does not exist.' },
      { item: 'row 100', message: 'Duplicate question.' },
    ]);
  });

  it('retries a failing handler with back-off, then fails it with the last message', async () => {
    const q = queue('w1');
    const seen: number[] = [];
    q.registerHandler('report-build', async (job, ctx) => {
      seen.push(job.attempt);
      ctx.itemError('section 1', `attempt ${job.attempt}`);
      throw new Error('database connection reset');
    });
    const id = await q.enqueue('report-build', { reportId: 3 }, { requestedBy: alice.id, maxAttempts: 3 });
    expect(await q.runOnce()).toBe(1);
    const first = await row(id);
    expect(first).toMatchObject({ state: 'queued', attempts: 1, failure: JOB_GENERIC_FAILURE, leaseOwner: null });
    expect(first.runAfter.getTime()).toBe(t.clock.now().getTime() + 10_000);
    // Not before its back-off.
    t.clock.advance(9_999);
    expect(await q.runOnce()).toBe(0);
    t.clock.advance(1);
    expect(await q.runOnce()).toBe(1);
    expect((await row(id)).runAfter.getTime()).toBe(t.clock.now().getTime() + 20_000);
    t.clock.advance(20_000);
    expect(await q.runOnce()).toBe(1);
    const failed = await row(id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, failure: JOB_GENERIC_FAILURE, finishedAt: t.clock.now() });
    expect(seen).toEqual([1, 2, 3]);
    // Item errors are those of the last attempt only.
    expect(await repo().listErrors(id, 10)).toEqual([{ item: 'section 1', message: 'attempt 3' }]);
    t.clock.advance(3_600_000);
    expect(await q.runOnce()).toBe(0);
  });

  it('fails at once, with its own message, on a JobError that says not to retry', async () => {
    const q = queue('w1');
    q.registerHandler('roster-import', async () => {
      throw new JobError('The file has no header row.', { retry: false });
    });
    const id = await q.enqueue('roster-import', {}, { requestedBy: alice.id });
    await q.runOnce();
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 1, failure: 'The file has no header row.' });
  });

  it('takes over a job whose worker died once its lease has expired; the dead worker’s late write is ignored', async () => {
    const q = queue('w2');
    const ran: number[] = [];
    q.registerHandler('evaluate', async (job) => {
      ran.push(job.attempt);
      return { ok: true };
    });
    const id = await q.enqueue('evaluate', {}, { requestedBy: alice.id });
    // Worker w1 claims it and crashes without a word.
    const now = t.clock.now();
    const [claimed] = await repo().claim('w1', ['evaluate'], now, new Date(now.getTime() + LEASE_MS), 1);
    expect(claimed).toMatchObject({ id, state: 'running', leaseOwner: 'w1', attempts: 1 });
    expect(await q.runOnce()).toBe(0);
    t.clock.advance(LEASE_MS + 1);
    expect(await q.runOnce()).toBe(1);
    expect(ran).toEqual([2]);
    expect(await row(id)).toMatchObject({ state: 'succeeded', attempts: 2, result: { ok: true } });
    expect(await repo().finish(id, 'w1', { state: 'failed', failure: 'late', finishedAt: t.clock.now() })).toBe(false);
    expect((await row(id)).state).toBe('succeeded');
  });

  it('fails a job whose worker died on its last attempt', async () => {
    const q = queue('w2');
    q.registerHandler('evaluate', async () => ({ ok: true }));
    const id = await q.enqueue('evaluate', {}, { maxAttempts: 1 });
    const now = t.clock.now();
    await repo().claim('w1', ['evaluate'], now, new Date(now.getTime() + LEASE_MS), 1);
    t.clock.advance(LEASE_MS + 1);
    expect(await q.runOnce()).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'failed', failure: JOB_ABANDONED_FAILURE, attempts: 1 });
  });

  it('cancels, rather than runs again, a job whose cancellation was asked for after its worker died', async () => {
    const q = queue('w2');
    let ran = false;
    q.registerHandler('evaluate', async () => (ran = true));
    const id = await q.enqueue('evaluate', {});
    const now = t.clock.now();
    await repo().claim('w1', ['evaluate'], now, new Date(now.getTime() + LEASE_MS), 1);
    expect((await q.cancel(id))?.state).toBe('running');
    t.clock.advance(LEASE_MS + 1);
    expect(await q.runOnce()).toBe(0);
    expect(ran).toBe(false);
    expect(await row(id)).toMatchObject({ state: 'cancelled', finishedAt: t.clock.now(), leaseOwner: null });
  });

  it('cancels a queued job at once and a running one at its next heartbeat', async () => {
    const q = queue('w1');
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    let items = 0;
    q.registerHandler('long', async (_job, ctx) => {
      started();
      while (true) {
        ctx.throwIfCancelled();
        items += 1;
        ctx.progress(items);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    const queued = await q.enqueue('long', {}, { delayMs: 60_000 });
    expect((await q.cancel(queued))?.state).toBe('cancelled');

    const id = await q.enqueue('long', {});
    const running = q.runOnce();
    await isStarted;
    expect((await q.cancel(id))?.state).toBe('running');
    await running;
    expect(await row(id)).toMatchObject({ state: 'cancelled', cancelRequested: true, failure: null });
    t.clock.advance(120_000);
    expect(await q.runOnce()).toBe(0);
    expect((await row(queued)).state).toBe('cancelled');
  });

  it('claims only the kinds it has handlers for', async () => {
    const q = queue('w1');
    q.registerHandler('known', async () => 'done');
    const unknown = await q.enqueue('unknown', {});
    const known = await q.enqueue('known', {});
    expect(await q.runOnce()).toBe(1);
    expect((await row(known)).state).toBe('succeeded');
    expect((await row(unknown)).state).toBe('queued');
    expect(() => q.registerHandler('known', async () => null)).toThrow(/already registered/);
  });

  it('on stop, a handler that gives up puts its job back without counting the attempt', async () => {
    const q = queue('w1', { pollMs: 60_000 });
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    q.registerHandler('long', async (_job, ctx) => {
      started();
      await new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    });
    const id = await q.enqueue('long', {});
    await q.start();
    await isStarted;
    expect(q.busy).toBe(1);
    await q.stop();
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0, leaseOwner: null });
  });

  it('on an embedded database a restart takes back jobs the previous process left running', async () => {
    const id = await queue('old').enqueue('evaluate', {});
    const now = t.clock.now();
    await repo().claim('old', ['evaluate'], now, new Date(now.getTime() + LEASE_MS), 1);
    const q = queue('new', { soleWorker: true, pollMs: 60_000 });
    q.registerHandler('evaluate', async () => 'again');
    await q.start();
    await until(async () => (await row(id)).state === 'succeeded');
    await q.stop();
    expect(await row(id)).toMatchObject({ state: 'succeeded', attempts: 2, result: 'again' });
  });

  it('two workers on separate connections never run the same job', async () => {
    const second = await openSecondConnection();
    try {
      const runs = new Map<string, number>();
      const handler = async (job: { id: string }) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return null;
      };
      const a = queue('a', { concurrency: 3 });
      const b = createJobQueue({ repo: createJobsRepository(second.database.db), clock: t.clock, workerId: 'b', concurrency: 3, heartbeatMs: 10 });
      a.registerHandler('parallel', handler);
      b.registerHandler('parallel', handler);
      const ids = await Promise.all(Array.from({ length: 24 }, (_, i) => a.enqueue('parallel', { i })));
      const drain = async (q: typeof a) => {
        let total = 0;
        for (let ran = -1; ran !== 0; ) total += ran = await q.runOnce();
        return total;
      };
      const [byA, byB] = await Promise.all([drain(a), drain(b)]);
      expect(byA + byB).toBe(24);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      expect(new Set(runs.keys())).toEqual(new Set(ids));
      const owners = await t.deps.db.select({ state: jobs.state }).from(jobs);
      expect(owners.every((o) => o.state === 'succeeded')).toBe(true);
    } finally {
      await second.close();
    }
  });
});
