import { describe, expect, it } from 'vitest';
import { heldCalls } from '../../../test/held-calls.js';
import { createAttemptCore, type AttemptCoreDeps } from './exam.attempts.js';

describe('attempts closed at once', () => {
  it('closes at most the configured number of groups at a time; those asked meanwhile wait in arrival order and go together, and a failed group frees its place', async () => {
    // A stand-in for the group's first read: it records each group's attempts and holds the group
    // until let go; it finds no attempt, so every close then fails with EXAM_ATTEMPT_NOT_FOUND.
    const held = heldCalls<string>();
    const repo = {
      async servedVersionsOfMany(ids: string[]) {
        await held.enter(ids.join(','));
        return new Map();
      },
    };
    const core = createAttemptCore({ repo, clock: { now: () => new Date() }, academy: {}, submitConcurrency: 2 } as unknown as AttemptCoreDeps);
    const settled = Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((id) => core.finalize(id, 'student')));
    await held.turn();
    expect(held.state.entered).toEqual(['a', 'b']);
    expect(core.submitsWaiting()).toBe(3);
    await held.releaseAll();
    const results = await settled;
    expect(held.state.entered).toEqual(['a', 'b', 'c,d,e']);
    expect(held.state.most).toBe(2);
    expect(core.submitsWaiting()).toBe(0);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as { code?: string }).code : 'fulfilled'))).toEqual(Array(5).fill('EXAM_ATTEMPT_NOT_FOUND'));
  });

  it('closes a group one by one when it fails as a whole, so that one attempt does not fail the others', async () => {
    const reads: string[][] = [];
    const repo = {
      async servedVersionsOfMany(ids: string[]) {
        reads.push(ids);
        if (ids.length > 1 || ids[0] === 'bad') throw new Error(`cannot read ${ids.join(',')}`);
        return new Map();
      },
    };
    const core = createAttemptCore({ repo, clock: { now: () => new Date() }, academy: {}, submitConcurrency: 1 } as unknown as AttemptCoreDeps);
    const results = await core.finalizeNow(['ok', 'bad', 'fine'], 'timeout');
    expect(reads).toEqual([['ok', 'bad', 'fine'], ['ok'], ['bad'], ['fine']]);
    expect(results.map((r) => (r.status === 'rejected' ? ((r.reason as { code?: string }).code ?? (r.reason as Error).message) : 'fulfilled'))).toEqual(['EXAM_ATTEMPT_NOT_FOUND', 'cannot read bad', 'EXAM_ATTEMPT_NOT_FOUND']);
  });
});

describe("attempts' served versions", () => {
  it("reads a served set's versions once per process, shares them with attempts without rows of their own, and overlays an attempt's own rows", async () => {
    const setReads: number[] = [];
    const served: Record<string, { setId: number | null; own: [number, number][] }> = {
      a: { setId: 7, own: [] },
      b: { setId: 7, own: [] },
      c: { setId: 7, own: [[2, 21]] },
      d: { setId: null, own: [[1, 10]] },
    };
    const repo = {
      servedVersionsOf: async (id: string) => served[id],
      servedVersionsOfMany: async (ids: string[]) => new Map(ids.map((id) => [id, { taskId: 1, ...served[id]! }])),
      async listSetVersions(setId: number) {
        setReads.push(setId);
        return [
          [1, 10],
          [2, 20],
        ] as [number, number][];
      },
    };
    const given: ReadonlyMap<number, number>[] = [];
    const academy = {
      async loadTestBundle(_taskId: number, versions: ReadonlyMap<number, number>) {
        given.push(versions);
        return { task: { id: 1 }, sections: [], maps: [] };
      },
    };
    const core = createAttemptCore({ repo, clock: { now: () => new Date() }, academy } as unknown as AttemptCoreDeps);
    for (const id of ['a', 'b', 'c', 'd']) await core.loadBundle(1, id);
    expect(setReads).toEqual([7]);
    expect(given[0]).toBe(given[1]);
    expect([...given[0]!]).toEqual([
      [1, 10],
      [2, 20],
    ]);
    expect([...given[2]!]).toEqual([
      [1, 10],
      [2, 21],
    ]);
    expect([...given[3]!]).toEqual([[1, 10]]);
    // The shared map was not changed by the overlay.
    expect(given[0]!.get(2)).toBe(20);
  });
});
