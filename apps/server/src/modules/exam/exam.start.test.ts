import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import type { AttemptCore } from './exam.attempts.js';
import type { ExamContentResource } from './exam.content.js';
import { createExamStart, markingScheme } from './exam.start.js';
import { heldCalls } from '../../../test/held-calls.js';

describe('starts worked on at once', () => {
  it('takes at most the configured number of starts at a time, the rest in arrival order, and frees a place when a start fails', async () => {
    const held = heldCalls<number>();
    // A stand-in test lookup: it counts the starts inside and holds each until let go; the test
    // it finds has no questions, so every start then fails with EXAM_NO_QUESTIONS.
    const core = {
      repo: {},
      clock: { now: () => new Date('2026-06-01T10:00:00Z') },
      academy: {},
      async accessibleTest(actor: Actor) {
        await held.enter(actor.userId);
        return { task: {}, sections: [], maps: [] };
      },
    } as unknown as AttemptCore;
    const start = createExamStart(core, {} as ExamContentResource, 2);
    const actor = (userId: number) => ({ userId, role: 'Student' }) as Actor;
    const calls = [1, 2, 3, 4, 5, 6].map((id) => start.practise(actor(id), { taskID: 1, courseID: 1 } as never));
    const settled = Promise.allSettled(calls);
    await held.turn();
    expect(held.state.entered).toEqual([1, 2]);
    expect(start.startsWaiting()).toBe(4);
    await held.releaseAll();
    const results = await settled;
    expect(held.state.entered).toEqual([1, 2, 3, 4, 5, 6]);
    expect(held.state.most).toBe(2);
    expect(start.startsWaiting()).toBe(0);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as { code?: string }).code : 'fulfilled'))).toEqual(Array(6).fill('EXAM_NO_QUESTIONS'));
  });
});

describe('markingScheme', () => {
  it('lists each distinct mark and negative mark with its questions, the most common first', () => {
    const neet = [...Array(3).fill({ marks: 4, negativeMarks: 1 }), { marks: 2, negativeMarks: 0 }];
    expect(markingScheme(neet)).toEqual([
      { marks: 4, negativeMarks: 1, questions: 3 },
      { marks: 2, negativeMarks: 0, questions: 1 },
    ]);
    expect(markingScheme([])).toEqual([]);
  });
});
