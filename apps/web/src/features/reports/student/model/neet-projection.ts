import type { DashboardAttempt } from '@app/contracts';

/** NEET's maximum and minimum scores: 180 questions, +4 right, −1 wrong. */
export const NEET_MAX = 720;
export const NEET_MIN = -180;
/** How many recent graded tests the projection uses. */
export const PROJECTION_TESTS = 5;
/** The narrowest half-width shown: one test differs from another by about this much. */
const MIN_HALF_WIDTH = 36;
/** With a single test there is no spread to measure; the band is this wide each side. */
const SINGLE_TEST_HALF_WIDTH = 72;

export interface NeetProjection {
  tests: number;
  /** Each test's score scaled to 720, oldest first. */
  scaled: number[];
  mean: number;
  low: number;
  high: number;
}

/**
 * A projected NEET score band from the latest graded tests: each score is scaled to 720, the
 * band is the mean ± two standard errors (at least ±36), and clamped to NEET's range.
 */
export function projectNeetScore(attempts: readonly DashboardAttempt[]): NeetProjection | null {
  const recent = attempts.filter((a) => a.testType === 'test' && a.total > 0).slice(-PROJECTION_TESTS);
  if (recent.length === 0) return null;
  const scaled = recent.map((a) => Math.round((a.scored / a.total) * NEET_MAX));
  const mean = scaled.reduce((sum, x) => sum + x, 0) / scaled.length;
  let half = SINGLE_TEST_HALF_WIDTH;
  if (scaled.length > 1) {
    const variance = scaled.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (scaled.length - 1);
    half = Math.max(MIN_HALF_WIDTH, 2 * Math.sqrt(variance / scaled.length));
  }
  const clamp = (x: number) => Math.min(NEET_MAX, Math.max(NEET_MIN, Math.round(x)));
  return { tests: scaled.length, scaled, mean: Math.round(mean), low: clamp(mean - half), high: clamp(mean + half) };
}
