import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startPeriodic', () => {
  it('runs the task on every interval, never two at once, and stop waits for the run in progress', async () => {
    let finish: () => void = () => undefined;
    let runs = 0;
    let finished = 0;
    const stop = startPeriodic(
      () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          finish = () => {
            finished += 1;
            resolve();
          };
        });
      },
      1_000,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // Still running: the next two ticks are skipped.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);

    const stopped = stop();
    let isStopped = false;
    void stopped.then(() => (isStopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(isStopped).toBe(false);
    finish();
    await stopped;
    expect(finished).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(2);
  });

  it('hands a failure to onError and keeps running', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const stop = startPeriodic(
      async () => {
        runs += 1;
        throw new Error(`run ${runs}`);
      },
      100,
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(300);
    expect(runs).toBe(3);
    expect(errors.map((error) => (error as Error).message)).toEqual(['run 1', 'run 2', 'run 3']);
    await stop();
  });
});
