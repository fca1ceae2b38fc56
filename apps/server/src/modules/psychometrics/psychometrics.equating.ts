import { quadrature } from './psychometrics.irt.js';

/**
 * Scores on one scale across forms (decision 066): each attempt's ability by EAP on the calibrated
 * 2PL items it was served, and its score on the reference form by IRT true-score equating.
 * Pure functions; the report service feeds them, and so does bench/irt-equating.ts.
 */

/** A calibrated item as served on a form: P(right | θ) = c + (1 - c) / (1 + exp(-a(θ - b))), c = 0 unless 3PL; `marks` for a right answer. */
export interface FormItem {
  discrimination: number;
  difficulty: number;
  guessing?: number | null;
  marks: number;
}

/** Quadrature for the EAP: 61 nodes on [-5, 5], N(0, 1) prior (the calibration's own scale). */
const EAP_NODES = 61;
/** The ability range searched when a raw score is turned back into an ability. */
const THETA_BOUND = 8;
const BISECTION_STEPS = 60;

const chance = (item: FormItem, theta: number) => {
  const c = item.guessing ?? 0;
  return c + (1 - c) / (1 + Math.exp(-item.discrimination * (theta - item.difficulty)));
};

/** The marks a form's true-score curve tends to at very low ability (the sum of c × marks; 0 without 3PL items). */
export const lowerScore = (form: readonly FormItem[]) => form.reduce((sum, item) => sum + item.marks * (item.guessing ?? 0), 0);

/** The form's test characteristic curve: the expected marks for right answers at θ. */
export function trueScore(form: readonly FormItem[], theta: number): number {
  let sum = 0;
  for (const item of form) sum += item.marks * chance(item, theta);
  return sum;
}

/** The most a form's calibrated items give. */
export const maxScore = (form: readonly FormItem[]) => form.reduce((sum, item) => sum + item.marks, 0);

let grid: { nodes: Float64Array; logWeights: Float64Array } | null = null;

/**
 * Expected a-posteriori ability and its posterior standard deviation (the SE of ability), from
 * the right (1) and wrong (0) answers to calibrated items. No items: the prior (0, 1).
 */
export function eapAbility(items: readonly FormItem[], responses: ArrayLike<0 | 1>): { ability: number; se: number } {
  grid ??= quadrature(EAP_NODES);
  const { nodes, logWeights } = grid;
  const log = new Float64Array(nodes.length);
  for (let q = 0; q < nodes.length; q += 1) {
    let sum = logWeights[q]!;
    for (let i = 0; i < items.length; i += 1) {
      const z = items[i]!.discrimination * (nodes[q]! - items[i]!.difficulty);
      // log P = -log(1 + e^-z), log(1 - P) = -log(1 + e^z), without overflow.
      const x = responses[i] ? -z : z;
      const log2pl = -(x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x)));
      const c = items[i]!.guessing ?? 0;
      // 3PL: log P = log(c + (1 - c) P*), log(1 - P) = log(1 - c) + log(1 - P*).
      sum += c > 0 ? (responses[i] ? Math.log(c + (1 - c) * Math.exp(log2pl)) : Math.log1p(-c) + log2pl) : log2pl;
    }
    log[q] = sum;
  }
  const top = Math.max(...log);
  let mass = 0;
  let first = 0;
  let second = 0;
  for (let q = 0; q < nodes.length; q += 1) {
    const w = Math.exp(log[q]! - top);
    mass += w;
    first += w * nodes[q]!;
    second += w * nodes[q]! ** 2;
  }
  const ability = first / mass;
  return { ability, se: Math.sqrt(Math.max(second / mass - ability ** 2, 0)) };
}

/**
 * The ability at which the form's true score equals `score` (the curve rises with θ, so bisection
 * finds it). Null at or past the ends (0 and the maximum), where no finite ability gives it.
 */
export function abilityForTrueScore(form: readonly FormItem[], score: number): number | null {
  if (!(score > lowerScore(form)) || !(score < maxScore(form))) return null;
  let low = -THETA_BOUND;
  let high = THETA_BOUND;
  if (trueScore(form, low) >= score) return low;
  if (trueScore(form, high) <= score) return high;
  for (let step = 0; step < BISECTION_STEPS; step += 1) {
    const mid = (low + high) / 2;
    if (trueScore(form, mid) < score) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export interface EquatedScore {
  /** The score on the reference form's calibrated items that the same ability earns. */
  equated: number;
  /** The ability the form's true-score curve gives the raw score (null at 0 and at full marks). */
  ability: number | null;
}

/**
 * IRT true-score equating: the raw score (marks for right answers on the form's calibrated items)
 * → the ability whose true score on the form it is → that ability's true score on the reference
 * form. A score of 0 equates to 0 and full marks to the reference's full marks (the 2PL curve
 * reaches neither end at a finite ability). With 3PL items no ability gives a score at or below
 * the sum of c × marks: such scores are scaled linearly onto the reference's (Kolen and Brennan).
 */
export function equateTrueScore(form: readonly FormItem[], reference: readonly FormItem[], raw: number): EquatedScore {
  if (form.length === 0 || reference.length === 0) return { equated: 0, ability: null };
  if (!(raw > 0)) return { equated: 0, ability: null };
  if (raw >= maxScore(form)) return { equated: maxScore(reference), ability: null };
  const floor = lowerScore(form);
  if (raw <= floor) return { equated: (raw * lowerScore(reference)) / floor, ability: null };
  const ability = abilityForTrueScore(form, raw)!;
  return { equated: trueScore(reference, ability), ability };
}

/**
 * How far the equated score moves for one SE of ability either side of `ability` (half the
 * width of that band on the reference form's true-score curve).
 */
export function equatedSpread(reference: readonly FormItem[], ability: number, se: number): number {
  return (trueScore(reference, ability + se) - trueScore(reference, ability - se)) / 2;
}

/**
 * NTA's percentile within a shift: 100 × (candidates of the shift with a raw score at or below
 * this one) / (candidates of the shift). Scores of one shift in; percentiles in the same order.
 */
export function shiftPercentiles(scores: readonly number[]): number[] {
  const sorted = [...scores].sort((a, b) => a - b);
  return scores.map((score) => {
    // The count of scores ≤ score: the first index past it in the sorted list.
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (sorted[mid]! <= score) low = mid + 1;
      else high = mid;
    }
    return (100 * low) / sorted.length;
  });
}

/** Competition ranks (1, 2, 2, 4) by score, highest first; null scores get no rank. */
export function competitionRanks(scores: readonly (number | null)[]): (number | null)[] {
  const present = scores.filter((s): s is number => s !== null).sort((a, b) => b - a);
  return scores.map((score) => {
    if (score === null) return null;
    let low = 0;
    let high = present.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (present[mid]! > score) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  });
}
