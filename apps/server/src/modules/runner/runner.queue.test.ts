import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runs } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import type { ExecutionJob, ExecutionResult, Executor } from './runner.executor.js';
import { createRunQueue } from './runner.queue.js';
import { createRunnerRepository, type RunnerRepository } from './runner.repository.js';

// The queue's fairness, driven by hand: rows inserted directly, an executor whose programs end
// when the test says so. The app's own runner is never started here (nothing calls it).

let t: TestApp;
let repo: RunnerRepository;
let ann: TestUser;
let ben: TestUser;
let cara: TestUser;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  repo = createRunnerRepository(t.deps.db);
  ann = await t.createUser({ role: 'Student' });
  ben = await t.createUser({ role: 'Student' });
  cara = await t.createUser({ role: 'Student' });
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.delete(runs);
});

/** Queues a run for a student, `secondsAgo` before the clock's now; its source names it. */
async function queue(user: TestUser, name: string, secondsAgo: number): Promise<string> {
  serial += 1;
  const id = `fair-${serial}-${name}`;
  await repo.insert({
    id,
    userId: user.id,
    userRole: 'Student',
    taskId: 1,
    questionId: 1,
    type: 'run',
    language: 'Python',
    sourceCode: name,
    cases: [{ input: '', expected: null }],
    timeLimitMs: 1000,
    memoryLimitMb: 64,
    createdAt: new Date(t.clock.now().getTime() - secondsAgo * 1000),
  });
  return id;
}

const staleBefore = () => new Date(t.clock.now().getTime() - 5 * 60_000);
const claimNames = async (worker: string, limit: number) =>
  (await repo.claim(worker, t.clock.now(), staleBefore(), limit)).map((row) => row.sourceCode).sort();

describe('claiming runs fairly between students', () => {
  it("takes each student's oldest run before anyone's second", async () => {
    await queue(ann, 'ann-1', 60);
    await queue(ann, 'ann-2', 50);
    await queue(ann, 'ann-3', 40);
    await queue(ben, 'ben-1', 10);
    expect(await claimNames('w1', 2)).toEqual(['ann-1', 'ben-1']);
    // Ann already runs one and Ben has nothing left: her next run goes.
    expect(await claimNames('w1', 1)).toEqual(['ann-2']);
  });

  it('a student with a run in progress waits behind one with none, however old her runs are', async () => {
    await queue(ann, 'ann-1', 60);
    expect(await claimNames('w1', 1)).toEqual(['ann-1']);
    await queue(ann, 'ann-2', 50);
    await queue(ben, 'ben-1', 5);
    await queue(cara, 'cara-1', 1);
    expect(await claimNames('w1', 1)).toEqual(['ben-1']);
    expect(await claimNames('w1', 1)).toEqual(['cara-1']);
    expect(await claimNames('w1', 1)).toEqual(['ann-2']);
    expect(await claimNames('w1', 1)).toEqual([]);
  });

  it("a dead worker's claim does not count as running, and its run is taken over", async () => {
    const stale = await queue(ann, 'ann-stale', 600);
    await t.deps.db
      .update(runs)
      .set({ claimedBy: 'dead', claimedAt: new Date(t.clock.now().getTime() - 10 * 60_000) })
      .where(eq(runs.id, stale));
    await queue(ben, 'ben-1', 5);
    expect(await claimNames('w2', 2)).toEqual(['ann-stale', 'ben-1']);
  });
});

/** An executor whose programs end only when `finish(name)` is called. */
function handExecutor(capacity: number) {
  const running = new Map<string, (result: ExecutionResult) => void>();
  const started: string[] = [];
  const executor: Executor = {
    backend: 'local',
    capacity,
    start: async () => undefined,
    languages: () => ['Python'],
    execute: (job: ExecutionJob) =>
      new Promise<ExecutionResult>((resolve) => {
        started.push(job.sourceCode);
        running.set(job.sourceCode, resolve);
      }),
    stop: async () => undefined,
  };
  return {
    executor,
    started,
    running: () => [...running.keys()].sort(),
    finish(name: string) {
      running.get(name)!({ verdict: 'AC', compileOutput: '', cases: [] });
      running.delete(name);
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the queue shares two slots between students', () => {
  it("one student's three long runs hold at most one slot once another student waits", async () => {
    const hand = handExecutor(2);
    const runQueue = createRunQueue({
      repo,
      executor: hand.executor,
      clock: t.clock,
      workerId: 'hand-worker',
      soleWorker: false,
      pollMs: 60_000,
      onResult: async (_row, result) => result,
    });
    await queue(ann, 'ann-sleep-1', 30);
    await queue(ann, 'ann-sleep-2', 20);
    await queue(ann, 'ann-sleep-3', 10);
    await runQueue.start();
    try {
      // Nobody else waits: Ann's runs use both slots.
      await until(() => hand.running().length === 2, 'two running');
      expect(hand.running()).toEqual(['ann-sleep-1', 'ann-sleep-2']);
      const benRun = await queue(ben, 'ben-print', 0);
      runQueue.notify();
      hand.finish('ann-sleep-1');
      // The free slot goes to Ben, not to Ann's third run, although it is older.
      await until(() => hand.running().includes('ben-print'), "Ben's run to start");
      expect(hand.running()).toEqual(['ann-sleep-2', 'ben-print']);
      hand.finish('ben-print');
      await until(async () => (await repo.get(benRun))!.status === 'AC', "Ben's verdict");
      await until(() => hand.running().includes('ann-sleep-3'), "Ann's third run");
      expect(hand.started.slice(2)).toEqual(['ben-print', 'ann-sleep-3']);
    } finally {
      for (const name of hand.running()) hand.finish(name);
      await runQueue.stop();
    }
  });
});

describe('storing verdicts', () => {
  it('a verdict the database refuses ends the run as IE instead of leaving it pending', async () => {
    const hand = handExecutor(1);
    const refused: string[] = [];
    const refusing: RunnerRepository = {
      ...repo,
      async finish(id, workerId, status, result, now) {
        if (status !== 'IE') {
          refused.push(status);
          throw new Error('invalid input syntax');
        }
        return repo.finish(id, workerId, status, result, now);
      },
    };
    const runQueue = createRunQueue({
      repo: refusing,
      executor: hand.executor,
      clock: t.clock,
      workerId: 'refusing-worker',
      soleWorker: false,
      pollMs: 60_000,
      onResult: async (_row, result) => result,
      log: () => undefined,
    });
    const id = await queue(ann, 'unstorable', 1);
    await runQueue.start();
    try {
      await until(() => hand.running().length === 1, 'the run to start');
      hand.finish('unstorable');
      await until(async () => (await repo.get(id))!.status !== 'PE', 'a stored verdict');
      expect(refused).toEqual(['AC']);
      const row = (await repo.get(id))!;
      expect(row.status).toBe('IE');
      expect(row.claimedBy).toBeNull();
      expect(row.result).toMatchObject({ verdict: 'IE', message: 'The result of this program could not be stored.' });
    } finally {
      await runQueue.stop();
    }
  });
});
