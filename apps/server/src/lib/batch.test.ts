import { describe, expect, it } from 'vitest';
import { createBatcher } from './batch.js';

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
    }, 3);
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map(load));
    expect(sizes).toEqual([3, 3, 1]);
  });
});
