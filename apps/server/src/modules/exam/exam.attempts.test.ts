import { describe, expect, it } from 'vitest';
import { heldCalls } from '../../../test/held-calls.js';
import { createAttemptCore, type AttemptCoreDeps } from './exam.attempts.js';

describe('attempts closed at once', () => {
  it('closes at most the configured number at a time, the rest in arrival order, and frees a place when one fails', async () => {
    // A stand-in attempt lookup: it counts the closes inside and holds each until let go; it finds
    // no attempt, so every close then fails with EXAM_ATTEMPT_NOT_FOUND.
    const held = heldCalls<string>();
    const repo = {
      async getAttempt(id: string) {
        await held.enter(id);
        return undefined;
      },
    };
    const core = createAttemptCore({ repo, clock: { now: () => new Date() }, academy: {}, submitConcurrency: 2 } as unknown as AttemptCoreDeps);
    const settled = Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((id) => core.finalize(id, 'student')));
    await held.turn();
    expect(held.state.entered).toEqual(['a', 'b']);
    expect(core.submitsWaiting()).toBe(3);
    await held.releaseAll();
    const results = await settled;
    expect(held.state.entered).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(held.state.most).toBe(2);
    expect(core.submitsWaiting()).toBe(0);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as { code?: string }).code : 'fulfilled'))).toEqual(Array(5).fill('EXAM_ATTEMPT_NOT_FOUND'));
  });
});
