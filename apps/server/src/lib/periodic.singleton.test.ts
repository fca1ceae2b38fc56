import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSecondConnection, type TestApp } from '../../test/test-app.js';
import type { Database } from '../db/client.js';
import { startPeriodic } from './periodic.js';

let t: TestApp;
let second: { database: Database; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp();
  second = await openSecondConnection();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Two server processes on one PostgreSQL: each has its own pool. (PGlite has one process only.)
describe.runIf(process.env.TEST_DB === 'pg')('periodic singletons on PostgreSQL', () => {
  it('an advisory lock held by one process makes the other skip, and is free again afterwards', async () => {
    const first = t.deps.database;
    const inner = await first.withAdvisoryLock('exam-sweeper', async () => {
      const whileHeld = await second.database.withAdvisoryLock('exam-sweeper', async () => 'ran');
      const otherTask = await second.database.withAdvisoryLock('auth-housekeeping', async () => 'ran');
      return { whileHeld, otherTask };
    });
    expect(inner).toEqual({ acquired: true, value: { whileHeld: { acquired: false }, otherTask: { acquired: true, value: 'ran' } } });
    expect(await second.database.withAdvisoryLock('exam-sweeper', async () => 'ran')).toEqual({ acquired: true, value: 'ran' });
    // A failing task releases its lock too.
    await expect(first.withAdvisoryLock('exam-sweeper', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await second.database.withAdvisoryLock('exam-sweeper', async () => 1)).acquired).toBe(true);
  });

  it('start-up work (migrations, seeding) in two processes runs one after the other, and a failure frees the lock', async () => {
    const order: string[] = [];
    const work = (who: string) => async () => {
      order.push(`${who} starts`);
      await sleep(50);
      order.push(`${who} ends`);
      return who;
    };
    const [a, b] = await Promise.all([t.deps.database.serialized('seed', work('first')), second.database.serialized('seed', work('second'))]);
    expect([a, b]).toEqual(['first', 'second']);
    expect(order[1]).toBe(`${order[0]!.split(' ')[0]} ends`);
    await expect(t.deps.database.serialized('seed', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await second.database.serialized('seed', async () => 'free')).toBe('free');
  });

  it('the same periodic task started in two processes never runs in both at once', async () => {
    let active = 0;
    let most = 0;
    const runsBy = { first: 0, second: 0 };
    const task = (who: keyof typeof runsBy) => async () => {
      active += 1;
      most = Math.max(most, active);
      runsBy[who] += 1;
      await sleep(40);
      active -= 1;
    };
    const stops = [
      startPeriodic(task('first'), 10, undefined, { singleton: { name: 'exam-sweeper', lock: t.deps.database.withAdvisoryLock } }),
      startPeriodic(task('second'), 10, undefined, { singleton: { name: 'exam-sweeper', lock: second.database.withAdvisoryLock } }),
    ];
    await sleep(600);
    await Promise.all(stops.map((stop) => stop()));
    expect(most).toBe(1);
    expect(runsBy.first + runsBy.second).toBeGreaterThanOrEqual(3);
  });
});

describe('periodic singletons on the embedded database', () => {
  it.runIf(process.env.TEST_DB !== 'pg')('always run: one process owns the data folder', async () => {
    expect(await t.deps.database.withAdvisoryLock('exam-sweeper', async () => 42)).toEqual({ acquired: true, value: 42 });
  });
});
