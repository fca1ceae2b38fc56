/**
 * The adaptive test's estimator and item choice (decision 060): the 2PL ability posterior on a
 * fixed grid with a N(0, 1) prior (EAP and its posterior SD as the standard error), the next item
 * by Fisher information at the estimate, content balancing across subjects and topics, and
 * randomesque exposure control.
 */
import { ADAPTIVE_MAX_ITEMS, ADAPTIVE_TARGET_SE } from '@app/contracts';

/** An item's response curve: 2PL, or 3PL when it has a guessing parameter (decision 077). */
export interface ItemCurve {
  difficulty: number;
  discrimination: number;
  guessing?: number | null;
}

/** One item of the pool: a question version with its parameters and where it sits in the syllabus. */
export interface PoolItem extends ItemCurve {
  versionId: number;
  subjectId: number;
  topicId: number;
}

export interface ScoredResponse extends ItemCurve {
  correct: boolean;
}

export interface AbilityEstimate {
  theta: number;
  se: number;
}

/** Randomesque exposure control: the next item is drawn from this many most informative ones. */
export const ADAPTIVE_TOP_K = 5;
/** Each time a topic has been served, its items' information counts this much less (content balancing within a subject). */
export const TOPIC_REPEAT_WEIGHT = 0.7;

const GRID = Array.from({ length: 121 }, (_, i) => -6 + i * 0.1);
const PRIOR = GRID.map((x) => Math.exp(-(x * x) / 2));

export function probability(theta: number, item: ItemCurve): number {
  const c = item.guessing ?? 0;
  return c + (1 - c) / (1 + Math.exp(-item.discrimination * (theta - item.difficulty)));
}

/** Fisher information a²·(1 - P)/P·((P - c)/(1 - c))², which is a²·P(1 - P) when c = 0. */
export function information(theta: number, item: ItemCurve): number {
  const c = item.guessing ?? 0;
  const p = probability(theta, item);
  if (c === 0) return item.discrimination * item.discrimination * p * (1 - p);
  return (item.discrimination * item.discrimination * (1 - p) * ((p - c) / (1 - c)) ** 2) / p;
}

/** The expected a posteriori ability and its posterior standard deviation (no responses: 0 and 1). */
export function estimateAbility(responses: readonly ScoredResponse[]): AbilityEstimate {
  const log = GRID.map(() => 0);
  for (const r of responses) {
    for (let g = 0; g < GRID.length; g += 1) {
      const p = probability(GRID[g]!, r);
      log[g]! += Math.log(r.correct ? Math.max(p, 1e-300) : Math.max(1 - p, 1e-300));
    }
  }
  const top = Math.max(...log);
  let total = 0;
  let mean = 0;
  const weights = log.map((l, g) => PRIOR[g]! * Math.exp(l - top));
  for (let g = 0; g < GRID.length; g += 1) {
    total += weights[g]!;
    mean += weights[g]! * GRID[g]!;
  }
  mean /= total;
  let variance = 0;
  for (let g = 0; g < GRID.length; g += 1) variance += weights[g]! * (GRID[g]! - mean) ** 2;
  return { theta: mean, se: Math.sqrt(variance / total) };
}

export interface SelectionState {
  theta: number;
  /** Versions already served in the session. */
  served: ReadonlySet<number>;
  /** Items served per subject and per topic so far. */
  subjectCounts: ReadonlyMap<number, number>;
  topicCounts: ReadonlyMap<number, number>;
}

/**
 * The next item, or null when the pool is used up. The subject furthest below its share of the
 * pool is served next (so a whole-syllabus test follows the syllabus's weights); within it, items
 * are ranked by information, discounted for topics already served, and one of the top
 * ADAPTIVE_TOP_K is drawn at random so that the same items do not reach everyone.
 */
export function selectNextItem(pool: readonly PoolItem[], state: SelectionState, random: () => number): PoolItem | null {
  const left = pool.filter((item) => !state.served.has(item.versionId));
  if (left.length === 0) return null;
  const share = new Map<number, number>();
  for (const item of pool) share.set(item.subjectId, (share.get(item.subjectId) ?? 0) + 1 / pool.length);
  const servedTotal = [...state.subjectCounts.values()].reduce((s, n) => s + n, 0);
  const open = new Set(left.map((item) => item.subjectId));
  let subject = -1;
  let deficit = -Infinity;
  for (const [id, weight] of share) {
    if (!open.has(id)) continue;
    const gap = weight * (servedTotal + 1) - (state.subjectCounts.get(id) ?? 0);
    if (gap > deficit) [subject, deficit] = [id, gap];
  }
  const ranked = left
    .filter((item) => item.subjectId === subject)
    .map((item) => ({ item, value: information(state.theta, item) * TOPIC_REPEAT_WEIGHT ** (state.topicCounts.get(item.topicId) ?? 0) }))
    .sort((x, y) => y.value - x.value || x.item.versionId - y.item.versionId);
  const top = ranked.slice(0, ADAPTIVE_TOP_K);
  return top[Math.min(top.length - 1, Math.floor(random() * top.length))]!.item;
}

export const isFinished = (estimate: AbilityEstimate, answered: number): boolean => estimate.se <= ADAPTIVE_TARGET_SE || answered >= ADAPTIVE_MAX_ITEMS;

/** NEET marks: +4 right, −1 wrong, 180 questions, 720 in all. */
const NEET_QUESTIONS = 180;
export const NEET_MAX_MARKS = 720;

/**
 * The expected NEET score at `theta`: the 180 questions of a paper drawn like the pool, each
 * attempted (+4 right, −1 wrong), so marks = 180 × (5 × mean P(θ) − 1), kept within 0–720.
 */
export function predictedScore(pool: readonly PoolItem[], theta: number): number {
  if (pool.length === 0) return 0;
  const mean = pool.reduce((s, item) => s + probability(theta, item), 0) / pool.length;
  return Math.min(NEET_MAX_MARKS, Math.max(0, NEET_QUESTIONS * (5 * mean - 1)));
}

/** The band: the predicted score at θ ± 1.645 SE (a 90% interval), and at θ. */
export function scoreBand(pool: readonly PoolItem[], estimate: AbilityEstimate): { low: number; score: number; high: number } {
  const at = (theta: number) => Math.round(predictedScore(pool, theta));
  return { low: at(estimate.theta - 1.645 * estimate.se), score: at(estimate.theta), high: at(estimate.theta + 1.645 * estimate.se) };
}

/**
 * The topics that would raise the score most: for each topic, the marks still missing at θ on its
 * share of a 180-question paper, 180 × share × 5 × (1 − mean P(θ)), largest first.
 */
export function topicGains(pool: readonly PoolItem[], theta: number, limit = 3): { topicId: number; marks: number }[] {
  const byTopic = new Map<number, number[]>();
  for (const item of pool) {
    const list = byTopic.get(item.topicId) ?? [];
    list.push(probability(theta, item));
    byTopic.set(item.topicId, list);
  }
  return [...byTopic.entries()]
    .map(([topicId, ps]) => ({ topicId, marks: Math.round((NEET_QUESTIONS * ps.length * 5 * ps.reduce((s, p) => s + (1 - p), 0)) / ps.length / pool.length) }))
    .filter((gain) => gain.marks > 0)
    .sort((x, y) => y.marks - x.marks || x.topicId - y.topicId)
    .slice(0, limit);
}

/** The prior for a version without a calibration: its difficulty label on the logit scale, discrimination 1. */
export const PRIOR_DIFFICULTY: Record<string, number> = { easy: -1, medium: 0, hard: 1 };
export const PRIOR_DISCRIMINATION = 1;
/** With fewer calibrated items than this in the pool, uncalibrated ones join it at their prior. */
export const ADAPTIVE_MIN_CALIBRATED = 60;
