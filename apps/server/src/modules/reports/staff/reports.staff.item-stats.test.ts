import { describe, expect, it } from 'vitest';
import { describeScores, histogram, itemFlags, itemStatistics, optionCounts, scoreThirds, sortedCopy, type StatAttempt } from './reports.staff.item-stats.js';

/** Attempts of the same items in the same order; every mark's status is read from its sign. */
const attemptsOf = (rows: number[][], choices?: number[][]): StatAttempt[] =>
  rows.map((marks, r) => ({
    mapIds: marks.map((_, i) => 101 + i),
    marks,
    statuses: marks.map((m) => (m > 0 ? 'c' : m < 0 ? 'w' : 'u')).join(''),
    choices: choices?.[r] ?? marks.map(() => 0),
  }));
const items = (count: number, maxMark: number) => Array.from({ length: count }, (_, i) => ({ mapId: 101 + i, maxMark }));

describe('describeScores (Moodle’s k-statistics)', () => {
  it('gives mean, median, sample SD, skewness and kurtosis of totals 3, 2, 1, 1', () => {
    // mean 7/4; deviations 1.25, .25, −.75, −.75; Σd² = 2.75, so SD = √(2.75/3).
    // m2 = .6875, m3 = .28125, m4 = .76953125; k2 = 4·m2/3, k3 = 16·m3/6 = .75; skewness = k3/k2^1.5;
    // k4 = 16·(5·m4 − 9·m2²)/6 = −1.0833…; kurtosis = k4/k2².
    const d = describeScores([3, 2, 1, 1]);
    expect(d.count).toBe(4);
    expect(d.mean).toBe(1.75);
    expect(d.median).toBe(1.5);
    expect(d.sd).toBeCloseTo(Math.sqrt(2.75 / 3), 10);
    expect(d.skewness).toBeCloseTo(0.75 / Math.pow(2.75 / 3, 1.5), 10);
    expect(d.kurtosis).toBeCloseTo(-1.0833333333 / Math.pow(2.75 / 3, 2), 6);
    expect([d.min, d.max]).toEqual([1, 3]);
  });

  it('has an odd count’s middle as median, and nothing to say about no scores or one', () => {
    expect(describeScores([5, 1, 3]).median).toBe(3);
    expect(describeScores([]).mean).toBeNull();
    const one = describeScores([7]);
    expect([one.mean, one.sd, one.skewness]).toEqual([7, null, null]);
  });
});

describe('itemStatistics', () => {
  it('matches the hand-computed facility, SD, discrimination index and efficiency of three right-or-wrong items', () => {
    const { items: stats, consistency } = itemStatistics(items(3, 1), attemptsOf([[1, 1, 1], [1, 1, 0], [1, 0, 0], [0, 0, 1]]));
    const [q1, q2, q3] = stats as [NonNullable<(typeof stats)[0]>, NonNullable<(typeof stats)[0]>, NonNullable<(typeof stats)[0]>];
    // Q1: marks 1,1,1,0 (mean .75, variance .25); rest of test 2,1,0,1: covariance 0.
    expect(q1.facility).toBe(75);
    expect(q1.sd).toBeCloseTo(50, 10);
    expect(q1.discriminationIndex).toBeCloseTo(0, 10);
    expect(q1.discriminativeEfficiency).toBeCloseTo(0, 10);
    // Q2: marks 1,1,0,0 against rest 2,1,1,1: covariance (.5/3), variances 1/3 and .25 → r = 57.735 %;
    // the sorted pairing gives the same covariance, so efficiency is 100 %.
    expect(q2.facility).toBe(50);
    expect(q2.discriminationIndex).toBeCloseTo((100 * (0.5 / 3)) / Math.sqrt((1 / 3) * 0.25), 8);
    expect(q2.discriminativeEfficiency).toBeCloseTo(100, 8);
    // Q3: marks 1,0,0,1 against rest 2,2,1,0: covariance −.5/3; rest variance 2.75/3; largest covariance .5.
    expect(q3.discriminationIndex).toBeCloseTo((100 * (-0.5 / 3)) / Math.sqrt((1 / 3) * (2.75 / 3)), 8);
    expect(q3.discriminationIndex).toBeCloseTo(-30.1511, 3);
    expect(q3.discriminativeEfficiency).toBeCloseTo(-33.3333, 3);
    // Effective weights: √cov(x, total) over their sum (covariances .25, .5, 1/6).
    const roots = [0.25, 0.5, 1 / 6].map(Math.sqrt);
    const sum = roots.reduce((a, b) => a + b, 0);
    expect(stats.map((s) => s.effectiveWeight)).toEqual(roots.map((r) => expect.closeTo((100 * r) / sum, 8)));
    // Σ item variances (.25 + 1/3 + 1/3) equals the totals' variance 2.75/3, so CIC = 0 and the error ratio 100 %.
    expect(consistency.cic).toBeCloseTo(0, 8);
    expect(consistency.errorRatio).toBeCloseTo(100, 6);
    expect(consistency.standardError).toBeCloseTo(Math.sqrt(2.75 / 3), 6);
  });

  it('gives Cronbach’s alpha (KR-20) of 80 % for a perfect scale of four items', () => {
    // Totals 4..0: variance 2.5; item variances .2, .3, .3, .2 (Σ 1); CIC = 100·4/3·(1 − 1/2.5) = 80;
    // error ratio 100·√.2; standard error = error ratio × √2.5 / 100 = √.5.
    const rows = [[1, 1, 1, 1], [1, 1, 1, 0], [1, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]];
    const { items: stats, consistency } = itemStatistics(items(4, 1), attemptsOf(rows));
    expect(consistency.cic).toBeCloseTo(80, 8);
    expect(consistency.errorRatio).toBeCloseTo(100 * Math.sqrt(0.2), 8);
    expect(consistency.standardError).toBeCloseTo(Math.sqrt(0.5), 8);
    expect(stats.map((s) => s.facility)).toEqual([80, 60, 40, 20]);
    expect(stats.every((s) => (s.discriminationIndex ?? 0) > 0)).toBe(true);
  });

  it('counts negative marks in SD and discrimination as Moodle does, in facility as no mark, and flags the items', () => {
    // NEET marking: +4, −1, 0. Expected figures computed independently from the same formulas.
    // Facility is the share of the maximum earned, a −1 counting as 0: Q1 16 of 24, Q2 12, Q3 4, Q4 8.
    const rows = [[4, 4, 4, -1], [4, 4, -1, 0], [4, -1, 0, 4], [4, 0, -1, -1], [-1, 4, 0, 0], [0, -1, -1, 4]];
    const { items: stats, consistency } = itemStatistics(items(4, 4), attemptsOf(rows));
    expect(stats.map((s) => s.facility)).toEqual([expect.closeTo(66.6667, 3), expect.closeTo(50, 6), expect.closeTo(16.6667, 3), expect.closeTo(33.3333, 3)]);
    expect(stats.map((s) => s.sd)).toEqual([expect.closeTo(58.6302, 3), expect.closeTo(64.5497, 3), expect.closeTo(48.5198, 3), expect.closeTo(59.1608, 3)]);
    expect(stats.map((s) => s.discriminationIndex)).toEqual([expect.closeTo(-7.2842, 3), expect.closeTo(-27.1653, 3), expect.closeTo(37.9065, 3), expect.closeTo(-66.269, 3)]);
    expect(stats.map((s) => s.discriminativeEfficiency)).toEqual([expect.closeTo(-9.0909, 3), expect.closeTo(-33.9806, 3), expect.closeTo(49.5327, 3), expect.closeTo(-75.5102, 3)]);
    // Q4's covariance with the total is negative: no effective weight.
    expect(stats.map((s) => s.effectiveWeight)).toEqual([expect.closeTo(33.5241, 3), expect.closeTo(31.2092, 3), expect.closeTo(35.2667, 3), null]);
    expect(consistency.cic).toBeCloseTo(-86.3946, 3);
    expect(stats[0]!.counts).toEqual({ correct: 4, partial: 0, wrong: 1, unanswered: 1, pending: 0 });
    expect(itemFlags(stats[2]!)).toEqual([]);
    expect(itemFlags(stats[3]!)).toEqual(['negativeDiscrimination', 'weakEfficiency']);
  });

  it('keeps facility within 0–100 % when every answer lost a mark', () => {
    // Everyone answered Q1 wrong (−1): under mean-over-maximum it would read −25 %.
    const rows = [[-1, 4], [-1, 0], [-1, 4], [-1, -1]];
    const { items: stats } = itemStatistics(items(2, 4), attemptsOf(rows));
    expect(stats[0]!.facility).toBe(0);
    expect(stats[0]!.meanMark).toBe(-1);
    expect(itemFlags(stats[0]!)).toContain('tooHard');
    expect(stats[1]!.facility).toBe(50);
  });

  it('counts an item only in the attempts that were served it, and leaves figures it cannot compute empty', () => {
    const attempts: StatAttempt[] = [
      { mapIds: [1, 2], marks: [1, 0], statuses: 'cu', choices: [0, 0] },
      { mapIds: [1, 3], marks: [0, 1], statuses: 'wc', choices: [0, 0] },
    ];
    const { items: stats, consistency } = itemStatistics([{ mapId: 1, maxMark: 1 }, { mapId: 2, maxMark: 1 }, { mapId: 3, maxMark: 1 }, { mapId: 4, maxMark: 1 }], attempts);
    expect(stats.map((s) => s.attempts)).toEqual([2, 1, 1, 0]);
    expect(stats[1]!.facility).toBe(0);
    expect(stats[1]!.discriminationIndex).toBeNull();
    expect(stats[3]!.facility).toBeNull();
    expect(consistency.cic).toBeNull();
  });
});

describe('flags, thirds and distractors', () => {
  it('flags too easy above 90 % and weak efficiency under 15 %', () => {
    expect(itemFlags({ facility: 95, discriminationIndex: 10, discriminativeEfficiency: 50 })).toEqual(['tooEasy']);
    expect(itemFlags({ facility: 50, discriminationIndex: 5, discriminativeEfficiency: 14 })).toEqual(['weakEfficiency']);
    expect(itemFlags({ facility: 90, discriminationIndex: null, discriminativeEfficiency: null })).toEqual([]);
  });

  it('splits attempts into the top and bottom thirds by total', () => {
    const { top, bottom } = scoreThirds([5, 9, 1, 7, 3, 8, 2]);
    expect([...top].sort()).toEqual([1, 5]);
    expect([...bottom].sort()).toEqual([2, 6]);
  });

  it('counts each option chosen, overall and by top and bottom third', () => {
    // Totals 8, 4, 3, −1, 0, −2 → top third: attempts 0 and 1; bottom third: 3 and 5.
    const rows = [[4, 4], [4, 0], [4, -1], [-1, 0], [0, 0], [-1, -1]];
    const choices = [[2, 1], [2, 0], [2, 3], [4, 0], [0, 0], [1, 4]];
    const counts = optionCounts(items(2, 4), attemptsOf(rows, choices));
    expect(counts.get(101)).toEqual([
      { answerId: 0, chosen: 1, top: 0, bottom: 0 },
      { answerId: 1, chosen: 1, top: 0, bottom: 1 },
      { answerId: 2, chosen: 3, top: 2, bottom: 0 },
      { answerId: 4, chosen: 1, top: 0, bottom: 1 },
    ]);
  });

  it('bins scores into equal ranges, outliers into the nearest', () => {
    const bins = histogram([0, 5, 9.9, 10, 20, 20, -3], { lowest: 0, highest: 20, bins: 2 });
    expect(bins).toEqual([
      { from: 0, to: 10, count: 4 },
      { from: 10, to: 20, count: 3 },
    ]);
  });
});

describe('sortedCopy', () => {
  it('sorts marks on the hundredths grid by counting, and anything else by comparison', () => {
    expect([...sortedCopy(Float64Array.from([4, -1, 0.25, 0, 4, -1]))]).toEqual([-1, -1, 0, 0.25, 4, 4]);
    expect([...sortedCopy(Float64Array.from([1 / 3, -2.5, 0.001]))]).toEqual([-2.5, 0.001, 1 / 3]);
    expect([...sortedCopy(new Float64Array(0))]).toEqual([]);
  });
});
