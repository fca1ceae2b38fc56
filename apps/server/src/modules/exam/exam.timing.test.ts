import { describe, expect, it } from 'vitest';
import { seededOrder } from '@app/contracts';
import { completeActiveSection, initialTiming, rollForward, secondsLeft, UNTIMED_ATTEMPT_SECONDS } from './exam.timing.js';

const start = new Date('2026-01-15T09:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const sections = [
  { sectionIndex: 0, durationSeconds: 600 },
  { sectionIndex: 1, durationSeconds: 300 },
  { sectionIndex: 2, durationSeconds: 300 },
];

describe('deadlines', () => {
  it('uses the task duration, or the sum of section timers, or a long untimed window', () => {
    expect(initialTiming(start, 180, sections, false).deadlineAt).toEqual(at(180));
    expect(initialTiming(start, 180, sections, true).deadlineAt).toEqual(at(20));
    expect(initialTiming(start, null, [], false).deadlineAt.getTime()).toBe(start.getTime() + UNTIMED_ATTEMPT_SECONDS * 1000);
    expect(secondsLeft(at(180), at(179.5))).toBe(30);
    expect(secondsLeft(at(180), at(181))).toBe(0);
  });

  it('moves section timers on at each section deadline, not at the time someone looks', () => {
    const timing = initialTiming(start, null, sections, true);
    expect(timing.activeSectionIndex).toBe(0);
    const { timing: later, changed } = rollForward(timing, sections, at(12));
    expect(changed).toBe(true);
    expect(later.activeSectionIndex).toBe(1);
    expect(later.activeSectionDeadlineAt).toEqual(at(15));
    expect(later.sectionState[0]!.completed).toBe(true);
    const { timing: end } = rollForward(later, sections, at(30));
    expect(end.activeSectionIndex).toBeNull();
    expect(end.deadlineAt).toEqual(at(20));
  });

  it('starts the next section at once when one is finished early and brings the end forward', () => {
    const timing = completeActiveSection(initialTiming(start, null, sections, true), sections, at(4));
    expect(timing.activeSectionIndex).toBe(1);
    expect(timing.activeSectionDeadlineAt).toEqual(at(9));
    expect(timing.deadlineAt).toEqual(at(14));
  });
});

describe('shuffle', () => {
  it('is a permutation, the same for the same seed, different for another', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const a = seededOrder(items, 'attempt-a:0');
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(seededOrder(items, 'attempt-a:0')).toEqual(a);
    expect(seededOrder(items, 'attempt-b:0')).not.toEqual(a);
  });
});
