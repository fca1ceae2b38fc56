import { describe, expect, it } from 'vitest';
import { averageReviewSeconds, mondayOf, queueSize, streakOf } from './notebook.schedule.js';

describe('the day’s queue size', () => {
  it('is the minutes left over the average review time, at most 200, and at least one while time is left', () => {
    expect(queueSize(15, 0, 60)).toBe(15);
    expect(queueSize(15, 600, 60)).toBe(5);
    expect(queueSize(15, 890, 60)).toBe(1);
    expect(queueSize(15, 900, 60)).toBe(0);
    expect(queueSize(240, 0, 5)).toBe(200);
  });
  it('takes the student’s average, or a minute before any review, and never under 5 s', () => {
    expect(averageReviewSeconds([])).toBe(60);
    expect(averageReviewSeconds([30, 90])).toBe(60);
    expect(averageReviewSeconds([0, 1])).toBe(5);
  });
});

describe('the review streak', () => {
  it('counts days in a row up to today, or up to yesterday before today’s first review', () => {
    expect(streakOf(['2026-11-27', '2026-11-28', '2026-11-29'], '2026-11-29')).toBe(3);
    expect(streakOf(['2026-11-27', '2026-11-28'], '2026-11-29')).toBe(2);
    expect(streakOf(['2026-11-25', '2026-11-27', '2026-11-28'], '2026-11-28')).toBe(2);
    expect(streakOf(['2026-11-26'], '2026-11-29')).toBe(0);
    expect(streakOf(['2026-02-28', '2026-03-01'], '2026-03-01')).toBe(2);
  });
  it('finds the Monday of a week', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-24')).toBe('2026-11-23');
  });
});
