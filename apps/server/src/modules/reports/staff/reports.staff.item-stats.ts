/**
 * Test and item statistics as Moodle's quiz statistics report computes them (decision 032):
 * first attempts only; sample variances (n − 1); an item's discrimination is its correlation with
 * the rest of the test; discriminative efficiency compares that covariance with the largest one
 * the same marks could give; the coefficient of internal consistency is Cronbach's alpha (KR-20
 * for items marked right or wrong). Pure functions over plain arrays, so that 5,000 attempts of
 * 180 questions take milliseconds.
 */

/** An item (a question of the test) and the most it can score. */
export interface StatItem {
  mapId: number;
  maxMark: number;
}

/** One first attempt: the items it was served, in any order, with parallel marks, status letters and chosen options. */
export interface StatAttempt {
  mapIds: readonly number[];
  marks: readonly number[];
  /** One letter per item: c correct, p partial, w wrong, u unanswered, e pending evaluation. */
  statuses: string;
  /** The option chosen (0 when none, or not a single option). */
  choices: readonly number[];
}

export interface ScoreDescription {
  count: number;
  mean: number | null;
  median: number | null;
  /** Sample standard deviation (n − 1). */
  sd: number | null;
  skewness: number | null;
  kurtosis: number | null;
  min: number | null;
  max: number | null;
}

export interface ItemStatistic {
  mapId: number;
  maxMark: number;
  /** Attempts that were served the item. */
  attempts: number;
  meanMark: number | null;
  /** Mean mark over the maximum, ×100. */
  facility: number | null;
  /** Standard deviation of the item's marks over the maximum, ×100. */
  sd: number | null;
  /** Correlation of the item's marks with the rest of the test, ×100. */
  discriminationIndex: number | null;
  /** Covariance with the rest of the test over the largest covariance these marks allow, ×100. */
  discriminativeEfficiency: number | null;
  /** The item's share of the spread of total scores, ×100 (null when its covariance with the total is negative). */
  effectiveWeight: number | null;
  counts: { correct: number; partial: number; wrong: number; unanswered: number; pending: number };
}

export interface TestConsistency {
  /** Cronbach's alpha ×100 (KR-20 for right-or-wrong items), as Moodle's coefficient of internal consistency. */
  cic: number | null;
  /** 100 × √(1 − CIC/100). */
  errorRatio: number | null;
  /** Error ratio × SD of the totals / 100, in marks. */
  standardError: number | null;
}

const mean = (values: ArrayLike<number>): number => {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
};

/** Mean, median, sample SD, skewness and kurtosis of total scores (Moodle's k-statistics). */
export function describeScores(scores: readonly number[]): ScoreDescription {
  const s = scores.length;
  if (s === 0) return { count: 0, mean: null, median: null, sd: null, skewness: null, kurtosis: null, min: null, max: null };
  const sorted = Float64Array.from(scores).sort();
  const m = mean(sorted);
  const median = s % 2 === 1 ? sorted[(s - 1) / 2]! : (sorted[s / 2 - 1]! + sorted[s / 2]!) / 2;
  let p2 = 0;
  let p3 = 0;
  let p4 = 0;
  for (const x of sorted) {
    const d = x - m;
    p2 += d * d;
    p3 += d * d * d;
    p4 += d * d * d * d;
  }
  let skewness: number | null = null;
  let kurtosis: number | null = null;
  if (s > 2) {
    const m2 = p2 / s;
    const m3 = p3 / s;
    const m4 = p4 / s;
    const k2 = (s * m2) / (s - 1);
    const k3 = (s * s * m3) / ((s - 1) * (s - 2));
    if (k2 !== 0) {
      skewness = k3 / Math.pow(k2, 3 / 2);
      if (s > 3) kurtosis = (s * s * ((s + 1) * m4 - 3 * (s - 1) * m2 * m2)) / ((s - 1) * (s - 2) * (s - 3)) / (k2 * k2);
    }
  }
  return {
    count: s,
    mean: m,
    median,
    sd: s > 1 ? Math.sqrt(p2 / (s - 1)) : null,
    skewness,
    kurtosis,
    min: sorted[0]!,
    max: sorted[s - 1]!,
  };
}

/**
 * Counts of scores in `bins` equal ranges from `lowest` to `highest` (each range includes its
 * lower bound; the last also its upper bound; scores outside are counted in the nearest range).
 */
export function histogram(scores: readonly number[], range: { lowest: number; highest: number; bins: number }): Array<{ from: number; to: number; count: number }> {
  const { lowest, highest, bins } = range;
  const width = (highest - lowest) / bins || 1;
  const out = Array.from({ length: bins }, (_, i) => ({ from: lowest + i * width, to: lowest + (i + 1) * width, count: 0 }));
  for (const score of scores) {
    const index = Math.min(bins - 1, Math.max(0, Math.floor((score - lowest) / width)));
    out[index]!.count += 1;
  }
  return out;
}

const C = 'c'.charCodeAt(0);
const P = 'p'.charCodeAt(0);
const W = 'w'.charCodeAt(0);
const E = 'e'.charCodeAt(0);
/** The slot of a status letter: correct, partial, wrong, unanswered, pending. */
const statusSlot = (code: number) => (code === C ? 0 : code === P ? 1 : code === W ? 2 : code === E ? 4 : 3);

/** Item positions by questionTaskMapID: a flat table when the ids are close together, else a map. */
function itemIndex(items: readonly StatItem[]): (mapId: number) => number {
  const ids = items.map((i) => i.mapId);
  const low = Math.min(...ids);
  const span = Math.max(...ids) - low + 1;
  if (items.length && span <= 1_000_000) {
    const table = new Int32Array(span).fill(-1);
    ids.forEach((id, i) => (table[id - low] = i));
    return (mapId) => (mapId >= low && mapId - low < span ? table[mapId - low]! : -1);
  }
  const map = new Map(ids.map((id, i) => [id, i]));
  return (mapId) => map.get(mapId) ?? -1;
}

/** Marks are kept to hundredths: a counting sort over that grid beats a comparison sort of thousands. */
const GRID = 100;
const MAX_BUCKETS = 2_000_000;

/** The values in ascending order (a new array). */
export function sortedCopy(values: Float64Array): Float64Array {
  let low = Infinity;
  let high = -Infinity;
  let isOnGrid = true;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]! * GRID;
    if (Math.abs(v - Math.round(v)) > 1e-6) isOnGrid = false;
    if (v < low) low = v;
    if (v > high) high = v;
  }
  if (!isOnGrid || values.length === 0 || high - low > MAX_BUCKETS) return Float64Array.from(values).sort();
  const base = Math.round(low);
  const buckets = new Int32Array(Math.round(high) - base + 1);
  for (let k = 0; k < values.length; k++) buckets[Math.round(values[k]! * GRID) - base]! += 1;
  const out = new Float64Array(values.length);
  let at = 0;
  for (let b = 0; b < buckets.length; b++) {
    const value = (b + base) / GRID;
    for (let c = buckets[b]!; c > 0; c--) out[at++] = value;
  }
  return out;
}

/** Each attempt's total: the sum of its item marks (Moodle's sum of marks). */
export function attemptTotals(attempts: readonly StatAttempt[]): number[] {
  return attempts.map((a) => {
    let sum = 0;
    for (const mark of a.marks) sum += mark;
    return sum;
  });
}

/**
 * Item statistics of every item, and the test's internal consistency, from first attempts. An
 * item counts only the attempts it was served (random draws serve different items).
 */
export function itemStatistics(items: readonly StatItem[], attempts: readonly StatAttempt[]): { items: ItemStatistic[]; consistency: TestConsistency } {
  const totals = attemptTotals(attempts);
  const indexOf = itemIndex(items);
  const K = items.length;
  const served = new Int32Array(K);
  for (const a of attempts) for (let j = 0; j < a.mapIds.length; j++) {
    const i = indexOf(a.mapIds[j]!);
    if (i >= 0) served[i]! += 1;
  }
  // Per item: its marks and the attempt totals, side by side; status counts five to an item.
  const marks = Array.from(served, (n) => new Float64Array(n));
  const sums = Array.from(served, (n) => new Float64Array(n));
  const filled = new Int32Array(K);
  const statusCounts = new Int32Array(K * 5);
  for (let k = 0; k < attempts.length; k++) {
    const a = attempts[k]!;
    const total = totals[k]!;
    for (let j = 0; j < a.mapIds.length; j++) {
      const i = indexOf(a.mapIds[j]!);
      if (i < 0) continue;
      const at = filled[i]!++;
      marks[i]![at] = a.marks[j]!;
      sums[i]![at] = total;
      statusCounts[i * 5 + statusSlot(a.statuses.charCodeAt(j))]! += 1;
    }
  }
  const counts = items.map((_, i) => ({
    correct: statusCounts[i * 5]!,
    partial: statusCounts[i * 5 + 1]!,
    wrong: statusCounts[i * 5 + 2]!,
    unanswered: statusCounts[i * 5 + 3]!,
    pending: statusCounts[i * 5 + 4]!,
  }));

  const covWithTotal: Array<number | null> = [];
  let sumOfMarkVariance = 0;
  const stats: ItemStatistic[] = items.map((item, i) => {
    const x = marks[i]!;
    const total = sums[i]!;
    const s = x.length;
    const base = { mapId: item.mapId, maxMark: item.maxMark, attempts: s, counts: counts[i]! };
    if (s === 0) {
      covWithTotal.push(null);
      return { ...base, meanMark: null, facility: null, sd: null, discriminationIndex: null, discriminativeEfficiency: null, effectiveWeight: null };
    }
    const rest = new Float64Array(s);
    for (let k = 0; k < s; k++) rest[k] = total[k]! - x[k]!;
    const xMean = mean(x);
    const restMean = mean(rest);
    const totalMean = mean(total);
    // A wrong answer's negative mark counts as no mark: facility says how much of the item was
    // earned (0–100 %), not how much a guess cost.
    let earned = 0;
    for (let k = 0; k < s; k++) earned += Math.max(0, x[k]!);
    const facility = item.maxMark > 0 ? (100 * earned) / s / item.maxMark : null;
    if (s < 2) {
      covWithTotal.push(null);
      return { ...base, meanMark: xMean, facility, sd: null, discriminationIndex: null, discriminativeEfficiency: null, effectiveWeight: null };
    }
    let markVar = 0;
    let restVar = 0;
    let cov = 0;
    let covTotal = 0;
    for (let k = 0; k < s; k++) {
      const dx = x[k]! - xMean;
      const dr = rest[k]! - restMean;
      markVar += dx * dx;
      restVar += dr * dr;
      cov += dx * dr;
      covTotal += dx * (total[k]! - totalMean);
    }
    // The largest covariance these marks allow: both lists sorted and paired.
    const sortedX = sortedCopy(x);
    const sortedRest = sortedCopy(rest);
    let covMax = 0;
    for (let k = 0; k < s; k++) covMax += (sortedX[k]! - xMean) * (sortedRest[k]! - restMean);
    const n1 = s - 1;
    markVar /= n1;
    restVar /= n1;
    cov /= n1;
    covMax /= n1;
    covTotal /= n1;
    sumOfMarkVariance += markVar;
    covWithTotal.push(covTotal);
    return {
      ...base,
      meanMark: xMean,
      facility,
      sd: item.maxMark !== 0 ? (100 * Math.sqrt(markVar)) / item.maxMark : null,
      discriminationIndex: markVar * restVar ? (100 * cov) / Math.sqrt(markVar * restVar) : null,
      discriminativeEfficiency: covMax ? (100 * cov) / covMax : null,
      effectiveWeight: null,
    };
  });

  const sumOfRoots = covWithTotal.reduce<number>((sum, c) => (c !== null && c >= 0 ? sum + Math.sqrt(c) : sum), 0);
  stats.forEach((stat, i) => {
    const c = covWithTotal[i];
    stat.effectiveWeight = sumOfRoots && c !== null && c !== undefined && c >= 0 ? (100 * Math.sqrt(c)) / sumOfRoots : null;
  });

  const description = describeScores(totals);
  const p = items.length;
  const k2 = description.sd === null ? null : description.sd * description.sd;
  let consistency: TestConsistency = { cic: null, errorRatio: null, standardError: null };
  if (attempts.length > 2 && p > 1 && k2) {
    const cic = ((100 * p) / (p - 1)) * (1 - sumOfMarkVariance / k2);
    const errorRatio = cic <= 100 ? 100 * Math.sqrt(1 - cic / 100) : null;
    consistency = { cic, errorRatio, standardError: errorRatio === null ? null : (errorRatio * description.sd!) / 100 };
  }
  return { items: stats, consistency };
}

/** Thresholds of the flags shown beside each item. */
export const ITEM_FLAG_LIMITS = {
  /** Facility over this (%) is too easy to tell students apart. */
  tooEasy: 90,
  /** Facility under this (%) is too hard. */
  tooHard: 10,
  /** Moodle marks an item whose discriminative efficiency is under 15 % as possibly not pulling its weight. */
  weakEfficiency: 15,
} as const;

export type ItemFlag = 'tooEasy' | 'tooHard' | 'negativeDiscrimination' | 'weakEfficiency';

export function itemFlags(stat: Pick<ItemStatistic, 'facility' | 'discriminationIndex' | 'discriminativeEfficiency'>): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (stat.facility !== null && stat.facility > ITEM_FLAG_LIMITS.tooEasy) flags.push('tooEasy');
  if (stat.facility !== null && stat.facility < ITEM_FLAG_LIMITS.tooHard) flags.push('tooHard');
  if (stat.discriminationIndex !== null && stat.discriminationIndex < 0) flags.push('negativeDiscrimination');
  if (stat.discriminativeEfficiency !== null && stat.discriminativeEfficiency < ITEM_FLAG_LIMITS.weakEfficiency) flags.push('weakEfficiency');
  return flags;
}

/**
 * The attempts of the top and bottom thirds by total score (a third rounded down; ties keep the
 * given order), by position in `attempts`.
 */
export function scoreThirds(totals: readonly number[]): { top: Set<number>; bottom: Set<number> } {
  const order = totals.map((total, i) => ({ total, i })).sort((a, b) => b.total - a.total || a.i - b.i);
  const third = Math.floor(order.length / 3);
  return { top: new Set(order.slice(0, third).map((o) => o.i)), bottom: new Set(order.slice(order.length - third).map((o) => o.i)) };
}

export interface OptionCount {
  /** The option's answerID, or 0 for attempts that chose no single option. */
  answerId: number;
  chosen: number;
  top: number;
  bottom: number;
}

/** Options beyond this answerID are counted through a map (choice questions have a handful). */
const OPTION_SLOTS = 16;

/** Per item: how many attempts chose each option, overall and in the top and bottom thirds. */
export function optionCounts(items: readonly StatItem[], attempts: readonly StatAttempt[]): Map<number, OptionCount[]> {
  const { top, bottom } = scoreThirds(attemptTotals(attempts));
  const indexOf = itemIndex(items);
  // Three counters (chosen, top, bottom) per option slot per item.
  const table = new Int32Array(items.length * OPTION_SLOTS * 3);
  const others = new Map<string, OptionCount>();
  for (let k = 0; k < attempts.length; k++) {
    const a = attempts[k]!;
    const isTop = top.has(k);
    const isBottom = bottom.has(k);
    for (let j = 0; j < a.mapIds.length; j++) {
      const i = indexOf(a.mapIds[j]!);
      if (i < 0) continue;
      const answerId = a.choices[j] ?? 0;
      if (answerId >= 0 && answerId < OPTION_SLOTS) {
        const at = (i * OPTION_SLOTS + answerId) * 3;
        table[at]! += 1;
        if (isTop) table[at + 1]! += 1;
        if (isBottom) table[at + 2]! += 1;
      } else {
        const key = `${i}:${answerId}`;
        const row = others.get(key) ?? { answerId, chosen: 0, top: 0, bottom: 0 };
        row.chosen += 1;
        if (isTop) row.top += 1;
        if (isBottom) row.bottom += 1;
        others.set(key, row);
      }
    }
  }
  const out = new Map<number, OptionCount[]>();
  items.forEach((item, i) => {
    const rows: OptionCount[] = [];
    for (let answerId = 0; answerId < OPTION_SLOTS; answerId++) {
      const at = (i * OPTION_SLOTS + answerId) * 3;
      if (table[at]! > 0) rows.push({ answerId, chosen: table[at]!, top: table[at + 1]!, bottom: table[at + 2]! });
    }
    for (const [key, row] of others) if (key.startsWith(`${i}:`)) rows.push(row);
    if (rows.length) out.set(item.mapId, rows.sort((a, b) => a.answerId - b.answerId));
  });
  return out;
}
