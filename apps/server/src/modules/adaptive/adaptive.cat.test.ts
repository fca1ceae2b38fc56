import { describe, expect, it } from 'vitest';
import { ADAPTIVE_MAX_ITEMS, ADAPTIVE_TARGET_SE } from '@app/contracts';
import {
  estimateAbility,
  information,
  predictedScore,
  probability,
  scoreBand,
  selectNextItem,
  topicGains,
  type PoolItem,
} from './adaptive.cat.js';
import { normal, pearson, seededRandom, simulateSession, simulatedBank } from './adaptive.simulate.js';

const pool = simulatedBank({ subjects: 4, topicsPerSubject: 10, itemsPerTopic: 10, seed: 7 });

describe('the ability estimate', () => {
  it('starts at the prior and moves with right and wrong answers', () => {
    expect(estimateAbility([])).toEqual({ theta: expect.closeTo(0, 6), se: expect.closeTo(1, 2) });
    const item = { difficulty: 0, discrimination: 1.5 };
    const up = estimateAbility([{ ...item, correct: true }]);
    const down = estimateAbility([{ ...item, correct: false }]);
    expect(up.theta).toBeGreaterThan(0.3);
    expect(down.theta).toBeCloseTo(-up.theta, 6);
    expect(up.se).toBeLessThan(1);
  });

  it('uses a 3PL item’s guessing parameter: a right answer that could be a guess moves the estimate less', () => {
    const twoPl = { difficulty: 0, discrimination: 1.5 };
    const threePl = { ...twoPl, guessing: 0.25 };
    expect(probability(-10, threePl)).toBeCloseTo(0.25, 6);
    expect(probability(0, threePl)).toBeCloseTo(0.625, 10);
    expect(estimateAbility([{ ...threePl, correct: true }]).theta).toBeLessThan(estimateAbility([{ ...twoPl, correct: true }]).theta - 0.05);
    // Information a²(1 - P)/P·((P - c)/(1 - c))² peaks above b for c > 0, and is below the 2PL's.
    expect(information(0, threePl)).toBeLessThan(information(0, twoPl));
    expect(information(0.3, threePl)).toBeGreaterThan(information(-0.3, threePl));
    expect(information(1, { ...twoPl, guessing: 0 })).toBeCloseTo(information(1, twoPl), 12);
    expect(Number.isFinite(information(-40, { difficulty: 0, discrimination: 9 }))).toBe(true);
  });
});

describe('the next item', () => {
  const state = { theta: 0, served: new Set<number>(), subjectCounts: new Map<number, number>(), topicCounts: new Map<number, number>() };

  it('is one of the five most informative items of the subject furthest below its share', () => {
    const counts = new Map([
      [1, 3],
      [2, 3],
      [3, 2],
      [4, 3],
    ]);
    const informative = pool
      .filter((item) => item.subjectId === 3)
      .sort((x, y) => Math.abs(x.difficulty) - Math.abs(y.difficulty));
    const chosen = new Set<number>();
    const random = seededRandom(1);
    for (let n = 0; n < 200; n += 1) chosen.add(selectNextItem(pool, { ...state, subjectCounts: counts }, random)!.versionId);
    // Randomesque: several items, never more than five, all from subject 3 and well targeted.
    expect(chosen.size).toBeGreaterThan(1);
    expect(chosen.size).toBeLessThanOrEqual(5);
    for (const id of chosen) {
      const item = pool.find((p) => p.versionId === id)!;
      expect(item.subjectId).toBe(3);
      expect(Math.abs(item.difficulty)).toBeLessThan(Math.abs(informative[20]!.difficulty) + 0.5);
    }
  });

  it('never repeats a served item and returns null when the pool is used up', () => {
    const small: PoolItem[] = pool.slice(0, 3);
    const served = new Set([small[0]!.versionId, small[1]!.versionId]);
    expect(selectNextItem(small, { ...state, served }, Math.random)!.versionId).toBe(small[2]!.versionId);
    served.add(small[2]!.versionId);
    expect(selectNextItem(small, { ...state, served }, Math.random)).toBeNull();
  });
});

describe('simulated students on a simulated calibrated bank', () => {
  const random = seededRandom(2026);
  const sessions = Array.from({ length: 300 }, () => simulateSession(pool, normal(random), random));

  it('reach a standard error of 0.30 within 30 items', () => {
    const reached = sessions.filter((s) => s.estimate.se <= ADAPTIVE_TARGET_SE);
    expect(sessions.every((s) => s.length <= ADAPTIVE_MAX_ITEMS)).toBe(true);
    expect(reached.length / sessions.length).toBeGreaterThanOrEqual(0.95);
    const mean = sessions.reduce((s, x) => s + x.length, 0) / sessions.length;
    expect(mean).toBeLessThan(ADAPTIVE_MAX_ITEMS);
  });

  it('predict a score that follows the full-mock score (r ≥ 0.85) and cover the syllabus evenly', () => {
    const mock = sessions.map((s) => predictedScore(pool, s.theta));
    const predicted = sessions.map((s) => predictedScore(pool, s.estimate.theta));
    expect(pearson(predicted, mock)).toBeGreaterThanOrEqual(0.85);
    for (const s of sessions) {
      const perSubject = [1, 2, 3, 4].map((id) => s.served.filter((item) => item.subjectId === id).length);
      expect(Math.max(...perSubject) - Math.min(...perSubject)).toBeLessThanOrEqual(1);
    }
  });

  it('spread exposure: no item reaches half of the students (without the draw the first item would reach all)', () => {
    const exposure = new Map<number, number>();
    for (const s of sessions) for (const item of s.served) exposure.set(item.versionId, (exposure.get(item.versionId) ?? 0) + 1);
    expect(Math.max(...exposure.values()) / sessions.length).toBeLessThan(0.5);
  });

  it('choose each next item in under 20 ms', () => {
    const times = sessions.flatMap((s) => s.choiceMs).sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.99)]!).toBeLessThan(20);
  });
});

describe('the score band and the topics to work on', () => {
  it('puts the band around the score, within 0–720, wider for a larger standard error', () => {
    const narrow = scoreBand(pool, { theta: 0.5, se: 0.2 });
    const wide = scoreBand(pool, { theta: 0.5, se: 0.5 });
    expect(narrow.low).toBeLessThan(narrow.score);
    expect(narrow.high).toBeGreaterThan(narrow.score);
    expect(wide.high - wide.low).toBeGreaterThan(narrow.high - narrow.low);
    expect(scoreBand(pool, { theta: 6, se: 0.3 }).high).toBeLessThanOrEqual(720);
    expect(scoreBand(pool, { theta: -6, se: 0.3 }).low).toBeGreaterThanOrEqual(0);
  });

  it('ranks first the topic with the most marks still missing', () => {
    const items: PoolItem[] = [
      { versionId: 1, subjectId: 1, topicId: 10, difficulty: 2, discrimination: 1.5 },
      { versionId: 2, subjectId: 1, topicId: 10, difficulty: 2.5, discrimination: 1.5 },
      { versionId: 3, subjectId: 1, topicId: 11, difficulty: -2, discrimination: 1.5 },
    ];
    const gains = topicGains(items, 0);
    expect(gains[0]!.topicId).toBe(10);
    expect(gains[0]!.marks).toBeGreaterThan(gains[1]!.marks);
    expect(probability(0, items[0]!)).toBeLessThan(0.1);
  });
});
