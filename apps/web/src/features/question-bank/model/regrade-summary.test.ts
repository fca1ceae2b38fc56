import { describe, expect, it } from 'vitest';
import { formatChange, summarizeRegrade } from './regrade-summary';

const attempt = (oldScored: number | null, newScored: number | null) => ({ attemptId: 'a', userId: 1, fromVersion: 1, oldScored, newScored });

describe('regrade summary', () => {
  it('counts the attempts, those that change score and the total change', () => {
    expect(summarizeRegrade([attempt(3, 4), attempt(2, 2), attempt(5, 4.75)])).toEqual({ count: 3, changed: 2, delta: 0.75 });
  });

  it('is empty for no attempts', () => {
    expect(summarizeRegrade([])).toEqual({ count: 0, changed: 0, delta: 0 });
  });

  it('treats a score that appears (pending before) as a change', () => {
    expect(summarizeRegrade([attempt(null, 0)])).toMatchObject({ changed: 1, delta: 0 });
  });

  it('formats a change with its sign', () => {
    expect(formatChange(1, 2)).toBe('+1');
    expect(formatChange(2, 1.75)).toBe('−0.25');
    expect(formatChange(2, 2)).toBe('0');
  });
});
