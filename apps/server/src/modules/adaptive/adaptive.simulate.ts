import { normal, seededRandom } from '../psychometrics/psychometrics.simulate.js';
import { estimateAbility, isFinished, probability, selectNextItem, type AbilityEstimate, type PoolItem, type ScoredResponse } from './adaptive.cat.js';

export interface SimulatedBankOptions {
  subjects: number;
  topicsPerSubject: number;
  itemsPerTopic: number;
  seed: number;
}

/**
 * A calibrated bank like a NEET bank after calibration: difficulties b ~ N(0, 1.2²), discriminations
 * lognormal around 1.7 (NEET items separate students well), topics numbered per subject.
 */
export function simulatedBank(options: SimulatedBankOptions): PoolItem[] {
  const random = seededRandom(options.seed);
  const pool: PoolItem[] = [];
  for (let s = 1; s <= options.subjects; s += 1) {
    for (let t = 1; t <= options.topicsPerSubject; t += 1) {
      for (let i = 0; i < options.itemsPerTopic; i += 1) {
        pool.push({ versionId: pool.length + 1, subjectId: s, topicId: s * 1000 + t, difficulty: normal(random) * 1.2, discrimination: Math.exp(Math.log(1.7) + normal(random) * 0.2) });
      }
    }
  }
  return pool;
}

export interface SimulatedSession {
  theta: number;
  estimate: AbilityEstimate;
  length: number;
  served: PoolItem[];
  /** Milliseconds of each next-item choice (estimate and selection). */
  choiceMs: number[];
}

/** Runs one adaptive session for a simulated student of ability `theta` until the stop rule. */
export function simulateSession(pool: readonly PoolItem[], theta: number, random: () => number): SimulatedSession {
  const responses: ScoredResponse[] = [];
  const served: PoolItem[] = [];
  const subjectCounts = new Map<number, number>();
  const topicCounts = new Map<number, number>();
  const choiceMs: number[] = [];
  let estimate = estimateAbility(responses);
  while (!isFinished(estimate, responses.length)) {
    const started = performance.now();
    const item = selectNextItem(pool, { theta: estimate.theta, served: new Set(served.map((s) => s.versionId)), subjectCounts, topicCounts }, random);
    choiceMs.push(performance.now() - started);
    if (!item) break;
    served.push(item);
    subjectCounts.set(item.subjectId, (subjectCounts.get(item.subjectId) ?? 0) + 1);
    topicCounts.set(item.topicId, (topicCounts.get(item.topicId) ?? 0) + 1);
    responses.push({ ...item, correct: random() < probability(theta, item) });
    estimate = estimateAbility(responses);
  }
  return { theta, estimate, length: responses.length, served, choiceMs };
}

export { normal, seededRandom };

/** Pearson's correlation of two series of the same length (the estimate against the simulated truth). */
export function pearson(x: readonly number[], y: readonly number[]): number {
  const mx = x.reduce((s, v) => s + v, 0) / x.length;
  const my = y.reduce((s, v) => s + v, 0) / y.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((v, i) => {
    sxy += (v - mx) * (y[i]! - my);
    sxx += (v - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}
