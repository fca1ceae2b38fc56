import { describe, expect, it } from 'vitest';
import { createExamSweeper } from './exam.sweeper.js';

/** A core whose expired attempts are `open`; finalizeNow closes those it is given after a turn of the event loop. */
function fakeCore(open: string[], failing = new Set<string>()) {
  const state = { open: [...open], reads: 0, given: [] as string[][] };
  const core = {
    clock: { now: () => new Date() },
    repo: {
      listRequestedAttemptIds: async () => [],
      listExpiredAttemptIds: async (_now: Date, limit: number) => {
        state.reads++;
        return state.open.slice(0, limit);
      },
    },
    finalizeNow: async (ids: string[]) => {
      state.given.push(ids);
      await new Promise((resolve) => setImmediate(resolve));
      return ids.map((id) => {
        if (failing.has(id)) return { status: 'rejected', reason: new Error(`cannot close ${id}`) };
        state.open = state.open.filter((other) => other !== id);
        return { status: 'fulfilled', value: {} };
      });
    },
  };
  return { core: core as unknown as Parameters<typeof createExamSweeper>[0], state };
}

describe('the exam sweeper', () => {
  it('goes on while it finds full batches, so every expired attempt is submitted in one run', async () => {
    const { core, state } = fakeCore(['a', 'b', 'c', 'd', 'e']);
    expect(await createExamSweeper(core, { batch: 2 }).sweepExpired()).toBe(5);
    expect(state.open).toEqual([]);
    // Three full or partial batches: 2, 2, 1 (the short one ends the run).
    expect(state.reads).toBe(3);
  });

  it('hands each batch to the attempts core whole, which closes it in groups', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `attempt-${i}`);
    const { core, state } = fakeCore(ids);
    expect(await createExamSweeper(core, { batch: 200 }).sweepExpired()).toBe(12);
    expect(state.given).toEqual([ids]);
  });

  it('ends the run on a failure after the rest of its batch, without reading the same rows again', async () => {
    const { core, state } = fakeCore(['a', 'b', 'c', 'd'], new Set(['b']));
    await expect(createExamSweeper(core, { batch: 4 }).sweepExpired()).rejects.toThrow('cannot close b');
    expect(state.open).toEqual(['b']);
    expect(state.reads).toBe(1);
  });
});
