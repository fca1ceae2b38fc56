import { describe, expect, it } from 'vitest';
import { createBatcher } from './batch.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A batcher whose loads stay at the "database" until `release` lets the oldest one answer. */
function heldBatcher(maxInFlight: number, answer: (key: number) => number) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const load = createBatcher<number, number>(
    async (keys) => {
      batches.push([...keys]);
      await new Promise<void>((resolve) => gates.push(resolve));
      return keys.map(answer);
    },
    { maxInFlight },
  );
  return { load, batches, release: () => gates.shift()!(), releaseAll: () => gates.splice(0).forEach((open) => open()) };
}

describe('createBatcher', () => {
  it('answers calls made together with one load, each with its own value or error', async () => {
    const batches: number[][] = [];
    const load = createBatcher<number, string>(async (keys) => {
      batches.push([...keys]);
      return keys.map((k) => (k < 0 ? new Error(`bad ${k}`) : `v${k}`));
    });
    const results = await Promise.allSettled([load(1), load(2), load(-3), load(2)]);
    expect(batches).toEqual([[1, 2, -3, 2]]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['v1', 'v2', 'bad -3', 'v2']);
  });

  it('remembers nothing: a later call loads again', async () => {
    let loads = 0;
    const load = createBatcher<number, number>(async (keys) => keys.map(() => (loads += 1)));
    expect(await load(7)).toBe(1);
    expect(await load(7)).toBe(2);
  });

  it('fails every call of a batch whose load throws, and serves the next batch', async () => {
    let fail = true;
    const load = createBatcher<number, number>(async (keys) => {
      if (fail) throw new Error('database unreachable');
      return keys.map((k) => k * 2);
    });
    const failed = await Promise.allSettled([load(1), load(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load(3)).toBe(6);
  });

  it('splits a burst larger than the batch size', async () => {
    const sizes: number[] = [];
    const load = createBatcher<number, number>(async (keys) => {
      sizes.push(keys.length);
      return keys.map((k) => k);
    }, { maxBatchSize: 3 });
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map(load));
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('gathers the calls made while the database is busy into the next batch, so batches grow with the load', async () => {
    const { load, batches, release } = heldBatcher(1, (k) => k * 10);
    const first = load(1);
    await turn();
    expect(batches).toEqual([[1]]);
    // While the first batch is at the database, calls over several turns of the loop gather.
    const later = [load(2)];
    await turn();
    later.push(load(3));
    await turn();
    later.push(load(4));
    await turn();
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    release();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    // Idle again: a lone call goes out at once.
    const lone = load(5);
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    release();
    expect(await lone).toBe(50);
  });

  it('lets a failed batch free its place for the next', async () => {
    let fail = true;
    const load = createBatcher<number, number>(
      async (keys) => {
        if (fail) throw new Error('database unreachable');
        return keys.map((k) => k + 1);
      },
      { maxInFlight: 1 },
    );
    await expect(load(1)).rejects.toThrow('database unreachable');
    fail = false;
    expect(await Promise.all([load(2), load(3)])).toEqual([3, 4]);
  });

  it('keeps up to maxInFlight batches at the database at once', async () => {
    const { load, batches, release, releaseAll } = heldBatcher(2, (k) => k);
    const calls = [load(1)];
    await turn();
    calls.push(load(2));
    await turn();
    calls.push(load(3));
    await turn();
    expect(batches).toEqual([[1], [2]]);
    release();
    await turn();
    await turn();
    expect(batches).toEqual([[1], [2], [3]]);
    releaseAll();
    expect(await Promise.all(calls)).toEqual([1, 2, 3]);
  });
});
