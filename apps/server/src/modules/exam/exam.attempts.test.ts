import { describe, expect, it } from 'vitest';
import { createAttemptCore, type AttemptCoreDeps } from './exam.attempts.js';

describe('attempts closed at once', () => {
  it('closes at most the configured number at a time, the rest in arrival order, and frees a place when one fails', async () => {
    let inside = 0;
    let most = 0;
    const entered: string[] = [];
    const gates: (() => void)[] = [];
    // A stand-in attempt lookup: it counts the closes inside and holds each until let go; it finds
    // no attempt, so every close then fails with EXAM_ATTEMPT_NOT_FOUND.
    const repo = {
      async getAttempt(id: string) {
        inside++;
        most = Math.max(most, inside);
        entered.push(id);
        await new Promise<void>((resolve) => gates.push(resolve));
        inside--;
        return undefined;
      },
    };
    const core = createAttemptCore({ repo, clock: { now: () => new Date() }, academy: {}, submitConcurrency: 2 } as unknown as AttemptCoreDeps);
    const settled = Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((id) => core.finalize(id, 'student')));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    await turn();
    expect(entered).toEqual(['a', 'b']);
    expect(core.submitsWaiting()).toBe(3);
    while (gates.length) {
      gates.shift()!();
      await turn();
      await turn();
    }
    const results = await settled;
    expect(entered).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
    expect(core.submitsWaiting()).toBe(0);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as { code?: string }).code : 'fulfilled'))).toEqual(Array(5).fill('EXAM_ATTEMPT_NOT_FOUND'));
  });
});
