import { describe, expect, it } from 'vitest';
import { percentileOf, rankOf, standingOf } from './reports.ranking.js';

describe('rankOf', () => {
  it('gives equal scores the same rank and skips the places they take', () => {
    const scores = [180, 150, 150, 90];
    expect(scores.map((s) => rankOf(s, scores))).toEqual([1, 2, 2, 4]);
  });
});

describe('percentileOf', () => {
  it('puts a lone candidate at 100', () => {
    expect(percentileOf(-4, [-4])).toBe(100);
  });

  it('puts every tied top scorer at 100', () => {
    expect(percentileOf(200, [200, 200, 120, 40])).toBe(100);
  });

  it('counts candidates at or below the score (hand-computed)', () => {
    // 5 candidates: 40 has 1 at or below → 20; 120 has 3 (40, 120, 120) → 60; 160 → 80.
    const scores = [40, 120, 120, 160, 200];
    expect(scores.map((s) => percentileOf(s, scores))).toEqual([20, 60, 60, 80, 100]);
  });

  it('rounds to two places', () => {
    expect(percentileOf(1, [1, 2, 3])).toBe(33.33);
  });
});

describe('standingOf', () => {
  const firsts = [
    { userId: 1, scored: 100 },
    { userId: 2, scored: 160 },
    { userId: 3, scored: 100 },
    { userId: 4, scored: 20 },
  ];

  it('ranks a first attempt among all first attempts', () => {
    expect(standingOf(3, 100, firsts)).toEqual({ rank: 2, percentile: 75, candidates: 4 });
  });

  it('ranks a retake against the others’ first attempts, never the student’s own', () => {
    // User 4 retakes and scores 170: the others are 100, 160, 100; user 4 counts once.
    expect(standingOf(4, 170, firsts)).toEqual({ rank: 1, percentile: 100, candidates: 4 });
  });

  it('counts a student without a ranked first attempt as one more candidate', () => {
    // Scores 100, 160, 100, 20 and 100: four at or below 100 of five.
    expect(standingOf(9, 100, firsts)).toEqual({ rank: 2, percentile: 80, candidates: 5 });
  });

  it('puts a lone candidate first at 100', () => {
    expect(standingOf(1, 0, [{ userId: 1, scored: 0 }])).toEqual({ rank: 1, percentile: 100, candidates: 1 });
    expect(standingOf(1, 0, [])).toEqual({ rank: 1, percentile: 100, candidates: 1 });
  });
});
