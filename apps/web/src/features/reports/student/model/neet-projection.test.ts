import type { DashboardAttempt } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { projectNeetScore } from './neet-projection';

const attempt = (scored: number, total: number, testType = 'test') => ({ scored, total, testType }) as DashboardAttempt;

describe('projectNeetScore', () => {
  it('has nothing to project without a graded test', () => {
    expect(projectNeetScore([])).toBeNull();
    expect(projectNeetScore([attempt(10, 20, 'practice')])).toBeNull();
  });

  it('gives a single test a ±72 band around its scaled score', () => {
    // 300 / 720 stays 300.
    expect(projectNeetScore([attempt(300, 720)])).toEqual({ tests: 1, scaled: [300], mean: 300, low: 228, high: 372 });
  });

  it('uses the mean ± two standard errors of the last five tests, at least ±36, clamped to NEET’s range', () => {
    // Scaled: 360, 432, 504 (half of 720, 60 %, 70 %). Mean 432, sd 72, SE 41.57 → ±83.
    const band = projectNeetScore([attempt(0, 720), attempt(50, 100), attempt(60, 100), attempt(70, 100)].slice(1))!;
    expect(band).toMatchObject({ tests: 3, scaled: [360, 432, 504], mean: 432, low: 349, high: 515 });
    // Steady scores still get ±36; the sixth-latest test is left out.
    const steady = projectNeetScore([attempt(0, 720), ...Array.from({ length: 5 }, () => attempt(700, 720))])!;
    expect(steady).toMatchObject({ tests: 5, mean: 700, low: 664, high: 720 });
  });
});
