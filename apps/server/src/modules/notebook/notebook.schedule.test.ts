import { describe, expect, it } from 'vitest';
import { weekStartOf } from '../../lib/zoned-dates.js';
import { averageReviewSeconds, queueSize, streakOf } from './notebook.schedule.js';

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
    expect(weekStartOf('2026-11-29', 'monday')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-23', 'monday')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-24', 'monday')).toBe('2026-11-23');
  });
  it('finds the first day of a week that starts on another day', () => {
    expect(weekStartOf('2026-11-29', 'sunday')).toBe('2026-11-29');
    expect(weekStartOf('2026-11-28', 'sunday')).toBe('2026-11-22');
    expect(weekStartOf('2026-11-23', 'sunday')).toBe('2026-11-22');
    expect(weekStartOf('2026-11-27', 'saturday')).toBe('2026-11-21');
    expect(weekStartOf('2026-03-01', 'tuesday')).toBe('2026-02-24');
  });
});
