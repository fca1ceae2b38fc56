import { describe, expect, it } from 'vitest';
import { activityByDay, daysFrom } from './reports.student.activity.js';

describe('daysFrom', () => {
  it('counts calendar days across a month end', () => {
    expect(daysFrom('2026-01-30', 3)).toEqual(['2026-01-30', '2026-01-31', '2026-02-01']);
  });
});

describe('activityByDay', () => {
  it('gives every day, with tests counted and study seconds, zero where nothing happened', () => {
    const days = daysFrom('2026-03-01', 3);
    expect(activityByDay(days, ['2026-03-01', '2026-03-03', '2026-03-03', '2026-02-27'], [{ day: '2026-03-02', seconds: 900 }])).toEqual([
      { date: '2026-03-01', tests: 1, studySeconds: 0 },
      { date: '2026-03-02', tests: 0, studySeconds: 900 },
      { date: '2026-03-03', tests: 2, studySeconds: 0 },
    ]);
  });
});
