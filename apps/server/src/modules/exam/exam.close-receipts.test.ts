import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { TaskBundle } from '../academy/student/academy.student.exam-content.js';
import { createAttemptCore, type AttemptCoreDeps } from './exam.attempts.js';
import type { AttemptRow } from './exam.repository.js';

/**
 * Submits received before closes (decision 101): while a student's submit is being received, the
 * queued closes go one group at a time; when no submit is, as many groups as SUBMIT_CONCURRENCY.
 * The repository is a stand-in that holds each group's transaction until the test lets it go, so
 * that the groups under way can be counted.
 */
function coreWithHeldCloses() {
  let underWay = 0;
  let most = 0;
  const held: (() => void)[] = [];
  const repo = {
    servedVersionsOfMany: async (ids: string[]) => new Map(ids.map((id) => [id, { taskId: 1, setId: null, own: [] as [number, number][] }])),
    withLockedAttempts: async <T>(ids: string[], fn: (tx: Db, rows: AttemptRow[]) => Promise<T>): Promise<T> => {
      underWay += 1;
      most = Math.max(most, underWay);
      await new Promise<void>((resolve) => held.push(resolve));
      underWay -= 1;
      // Found already submitted: the group writes nothing.
      return fn({} as Db, ids.map((id) => ({ id, status: 'submitted' }) as AttemptRow));
    },
  };
  const bundle = { task: { id: 1 }, sections: [], maps: [] } as unknown as TaskBundle;
  const core = createAttemptCore({
    repo: repo as unknown as AttemptCoreDeps['repo'],
    clock: { now: () => new Date() },
    academy: { loadTestBundle: async () => bundle } as unknown as AttemptCoreDeps['academy'],
    submitConcurrency: 4,
    submitGroup: 1,
  });
  const settle = async () => {
    // Enough turns for the queued closes to reach their transactions.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  return { core, held, settle, underWay: () => underWay, most: () => most };
}

describe('closes while submits are being received', () => {
  it('closes one group at a time while a submit is received, then as many as the concurrency allows', async () => {
    const { core, held, settle, underWay } = coreWithHeldCloses();
    const receipt = core.receivingSubmit();
    const closes = ['a', 'b', 'c', 'd'].map((id) => core.finalize(id, 'student'));
    await settle();
    expect(underWay()).toBe(1);
    expect(core.submitsWaiting()).toBe(3);

    receipt();
    // Ending it twice counts once: the next receipt still holds the groups back.
    receipt();
    await settle();
    expect(underWay()).toBe(4);
    expect(core.submitsWaiting()).toBe(0);

    for (const release of held) release();
    const closed = await Promise.all(closes);
    expect(closed.map((c) => c.attempt.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('goes on closing, one group at a time, however long submits keep arriving', async () => {
    const { core, held, settle, most } = coreWithHeldCloses();
    const receipt = core.receivingSubmit();
    const closes = ['a', 'b', 'c'].map((id) => core.finalize(id, 'student'));
    for (let released = 0; released < 3; released++) {
      await settle();
      held.shift()!();
    }
    expect((await Promise.all(closes)).map((c) => c.attempt.id)).toEqual(['a', 'b', 'c']);
    expect(most()).toBe(1);
    receipt();
  });
});
