/**
 * Item calibration by marginal maximum likelihood with EM (Bock and Aitkin, 1981) over a fixed
 * quadrature of the ability distribution N(0, 1). Pure functions over typed arrays, no database:
 * the calibration job runs them in a worker thread. Decision 048 says why it is written here.
 *
 * Models: the two-parameter logistic P(x = 1 | θ) = 1 / (1 + exp(-a(θ - b))), and the Rasch model
 * as its special case with one discrimination shared by every item. For the Rasch model that
 * common slope is the ability standard deviation on the logit scale, so difficulties are reported
 * on the logit scale with discrimination 1 (the scale of conditional ML and of a mixed model).
 * The three-parameter logistic P = c + (1 - c) / (1 + exp(-a(θ - b))) gives the items marked as
 * guessable a lower asymptote c with a Beta prior (decision 077); the others stay 2PL in the same fit.
 */

export type IrtModel = 'rasch' | '2pl' | '3pl';

/** Why an item has no numbers: every state but `ok` has its parameters null. */
export type ItemState = 'ok' | 'too-few-responses' | 'degenerate' | 'diverged';

/** Responses per examinee (compressed rows): examinee p answered `item[k]` with `score[k]` for k in start[p]..start[p+1]. */
export interface ResponseMatrix {
  itemCount: number;
  personStart: Int32Array;
  item: Int32Array;
  /** 1 right, 0 wrong; a missing response is simply absent. */
  score: Uint8Array;
}

export interface CalibrationOptions {
  model: IrtModel;
  /** Items with fewer responses than this get the state `too-few-responses`. */
  minResponses?: number;
  quadraturePoints?: number;
  maxIterations?: number;
  /** EM stops when no parameter moved more than this in an iteration. */
  tolerance?: number;
  /** 3PL: per item, 1 where it gets a guessing parameter (a choice kind); absent, every item does. */
  guessable?: ArrayLike<number>;
  /** 3PL: the Beta(alpha, beta) prior on each guessing parameter. */
  guessingPrior?: { alpha: number; beta: number };
  /** 3PL: hold every guessing parameter at this value instead of estimating it (a check against the 2PL at 0). */
  fixedGuessing?: number;
}

export interface ItemEstimate {
  state: ItemState;
  /** Responses to the item (all of them, also when it has no numbers). */
  n: number;
  /** Proportion right among them (null without responses). */
  proportionCorrect: number | null;
  difficulty: number | null;
  discrimination: number | null;
  seDifficulty: number | null;
  seDiscrimination: number | null;
  /** 3PL, guessable items only: the lower asymptote c and its standard error; otherwise null. */
  guessing: number | null;
  seGuessing: number | null;
  /** Information-weighted mean-square of residuals (expected 1), at each examinee's EAP ability. */
  infit: number | null;
  /** Unweighted mean-square of standardised residuals (expected 1). */
  outfit: number | null;
}

export interface CalibrationResult {
  model: IrtModel;
  items: ItemEstimate[];
  iterations: number;
  converged: boolean;
  logLikelihood: number;
  /** Rasch: the ability standard deviation on the logit scale; 2PL: 1 (fixed). */
  abilitySd: number;
  /** Each examinee's expected a-posteriori ability on the model's scale (N(0, 1) for the 2PL). */
  abilities: Float64Array;
}

export const DEFAULT_MIN_RESPONSES = 50;
/** Beta(5, 17): mode 0.2, mean 0.23, worth about 20 responses (decision 077). */
export const DEFAULT_GUESSING_PRIOR = { alpha: 5, beta: 17 } as const;
const MIN_GUESSING = 1e-4;
const MAX_GUESSING = 0.6;
const DEFAULT_QUADRATURE = 41;
const QUADRATURE_RANGE = 5;
/** Past these an item's fit went where its data cannot hold it (a perfect separation, a flat curve). */
const MAX_ABS_DIFFICULTY = 8;
const MAX_ABS_DISCRIMINATION = 10;
const MIN_ABS_DISCRIMINATION = 0.02;
const MAX_NEWTON_STEP = 1;
const NEGLIGIBLE_POSTERIOR = 1e-14;

/** Builds a response matrix from (examinee, item, score) triples; examinees are numbered 0..n-1. */
export function responseMatrix(itemCount: number, personCount: number, person: ArrayLike<number>, item: ArrayLike<number>, score: ArrayLike<number>): ResponseMatrix {
  const count = new Int32Array(personCount + 1);
  for (let k = 0; k < person.length; k += 1) count[person[k]! + 1]! += 1;
  for (let p = 0; p < personCount; p += 1) count[p + 1]! += count[p]!;
  const personStart = count.slice();
  const next = count.slice(0, personCount);
  const items = new Int32Array(person.length);
  const scores = new Uint8Array(person.length);
  for (let k = 0; k < person.length; k += 1) {
    const at = next[person[k]!]!++;
    items[at] = item[k]!;
    scores[at] = score[k]! ? 1 : 0;
  }
  return { itemCount, personStart, item: items, score: scores };
}

/** Equally spaced nodes on [-5, 5] with normalised N(0, 1) weights. */
export function quadrature(points: number): { nodes: Float64Array; logWeights: Float64Array } {
  const nodes = new Float64Array(points);
  const weights = new Float64Array(points);
  let sum = 0;
  for (let q = 0; q < points; q += 1) {
    nodes[q] = -QUADRATURE_RANGE + (2 * QUADRATURE_RANGE * q) / (points - 1);
    weights[q] = Math.exp(-0.5 * nodes[q]! ** 2);
    sum += weights[q]!;
  }
  return { nodes, logWeights: weights.map((w) => Math.log(w / sum)) };
}

const logistic = (z: number) => 1 / (1 + Math.exp(-z));

/** log P and log(1 - P) of z without overflow. */
function logPair(z: number): [number, number] {
  const log1pexp = z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
  return [z - log1pexp, -log1pexp];
}

function emptyEstimate(state: ItemState, n: number, right: number): ItemEstimate {
  return {
    state,
    n,
    proportionCorrect: n > 0 ? right / n : null,
    difficulty: null,
    discrimination: null,
    seDifficulty: null,
    seDiscrimination: null,
    guessing: null,
    seGuessing: null,
    infit: null,
    outfit: null,
  };
}

const finiteOrNull = (x: number) => (Number.isFinite(x) ? x : null);

/** The inverse of the symmetric matrix [[aa, ad, ac], [ad, dd, dc], [ac, dc, cc]] as its six entries (same order), or null when singular. */
export function invertSymmetric3(aa: number, ad: number, ac: number, dd: number, dc: number, cc: number): [number, number, number, number, number, number] | null {
  const caa = dd * cc - dc * dc;
  const cad = -(ad * cc - dc * ac);
  const cac = ad * dc - dd * ac;
  const det = aa * caa + ad * cad + ac * cac;
  if (!(Math.abs(det) > 1e-300) || !Number.isFinite(det)) return null;
  return [caa / det, cad / det, cac / det, (aa * cc - ac * ac) / det, -(aa * dc - ad * ac) / det, (aa * dd - ad * ad) / det];
}

/**
 * Calibrates every item of `data`. Items with too few responses, all right or all wrong take no
 * part in the fit and get their state; an item whose fit runs off (non-finite, or past the bounds
 * above) is set aside as `diverged` and the rest are fitted again without it.
 */
export function calibrate(data: ResponseMatrix, options: CalibrationOptions): CalibrationResult {
  const { model } = options;
  const minResponses = options.minResponses ?? DEFAULT_MIN_RESPONSES;
  const I = data.itemCount;
  const n = new Int32Array(I);
  const right = new Int32Array(I);
  for (let k = 0; k < data.item.length; k += 1) {
    n[data.item[k]!]! += 1;
    right[data.item[k]!]! += data.score[k]!;
  }
  const state: ItemState[] = Array.from({ length: I }, (_, i) => {
    if (n[i]! < Math.max(1, minResponses)) return 'too-few-responses';
    if (right[i] === 0 || right[i] === n[i]) return 'degenerate';
    return 'ok';
  });
  for (;;) {
    const fit = fitEm(data, state, options);
    const diverged = fit.items.flatMap((item, i) => (state[i] === 'ok' && item.state === 'diverged' ? [i] : []));
    if (diverged.length === 0 || fit.items.every((item) => item.state !== 'ok')) {
      return { ...fit, model, items: fit.items.map((item, i) => (state[i] === 'ok' ? item : emptyEstimate(state[i]!, n[i]!, right[i]!))) };
    }
    for (const i of diverged) state[i] = 'diverged';
  }
}

function fitEm(data: ResponseMatrix, state: readonly ItemState[], options: CalibrationOptions): CalibrationResult {
  const { model } = options;
  const Q = options.quadraturePoints ?? DEFAULT_QUADRATURE;
  const maxIterations = options.maxIterations ?? 500;
  const tolerance = options.tolerance ?? 1e-4;
  const I = data.itemCount;
  const P = data.personStart.length - 1;
  const { nodes, logWeights } = quadrature(Q);
  const active = Uint8Array.from(state, (s) => (s === 'ok' ? 1 : 0));

  // Slope-intercept form z = aθ + d; for the Rasch model every a is the shared slope.
  const a = new Float64Array(I).fill(1);
  const d = new Float64Array(I);
  // 3PL: the lower asymptote of the guessable items (0 for the others, which stay 2PL).
  const c = new Float64Array(I);
  const hasC = new Uint8Array(I);
  const prior = options.guessingPrior ?? DEFAULT_GUESSING_PRIOR;
  const fixedC = options.fixedGuessing;
  const isGuessingFree = fixedC === undefined;
  if (model === '3pl') {
    const start = fixedC ?? (prior.alpha - 1) / (prior.alpha + prior.beta - 2);
    for (let i = 0; i < I; i += 1) {
      hasC[i] = options.guessable ? (options.guessable[i] ? 1 : 0) : 1;
      if (hasC[i]) c[i] = start;
    }
  }
  const n = new Float64Array(I);
  const right = new Float64Array(I);
  for (let k = 0; k < data.item.length; k += 1) {
    n[data.item[k]!]! += 1;
    right[data.item[k]!]! += data.score[k]!;
  }
  // Start from the logit of the proportion right (rescaled for a slope of 1 with θ ~ N(0, 1)).
  // With a guessing parameter, from the proportion right above chance.
  for (let i = 0; i < I; i += 1) {
    if (!active[i]) continue;
    const above = Math.min(0.95, Math.max(0.05, (right[i]! / n[i]! - c[i]!) / (1 - c[i]!)));
    d[i] = (hasC[i] ? Math.log(above / (1 - above)) : Math.log(right[i]! / (n[i]! - right[i]!))) * 1.3;
  }

  const logP = new Float64Array(I * Q);
  const logQ = new Float64Array(I * Q);
  const expected = new Float64Array(I * Q);
  const expectedRight = new Float64Array(I * Q);
  const ll = new Float64Array(Q);
  /** The nodes of the last posterior that carry weight. */
  let lo = 0;
  let hi = Q - 1;
  const diverged = new Uint8Array(I);
  let logLikelihood = -Infinity;
  let iterations = 0;
  let converged = false;

  const refreshCurves = () => {
    for (let i = 0; i < I; i += 1) {
      if (!active[i]) continue;
      for (let q = 0; q < Q; q += 1) {
        const [lp, lq] = logPair(a[i]! * nodes[q]! + d[i]!);
        const ci = c[i]!;
        logP[i * Q + q] = ci > 0 ? Math.log(ci + (1 - ci) * Math.exp(lp)) : lp;
        logQ[i * Q + q] = ci > 0 ? Math.log1p(-ci) + lq : lq;
      }
    }
  };

  /** The posterior over the nodes of examinee p into `ll`; returns the log of its marginal likelihood. */
  const posterior = (p: number): number => {
    ll.set(logWeights);
    for (let k = data.personStart[p]!; k < data.personStart[p + 1]!; k += 1) {
      const i = data.item[k]!;
      if (!active[i]) continue;
      const row = data.score[k] ? logP : logQ;
      const base = i * Q;
      for (let q = 0; q < Q; q += 1) ll[q]! += row[base + q]!;
    }
    let max = -Infinity;
    for (let q = 0; q < Q; q += 1) if (ll[q]! > max) max = ll[q]!;
    let sum = 0;
    for (let q = 0; q < Q; q += 1) {
      const w = Math.exp(ll[q]! - max);
      ll[q] = w;
      sum += w;
    }
    for (let q = 0; q < Q; q += 1) ll[q]! /= sum;
    // Accumulations skip the nodes where the posterior is negligible (with many responses it is
    // concentrated on a few nodes): the E-step's cost halves or better, the sums move by < 1e-12.
    lo = 0;
    hi = Q - 1;
    while (lo < hi && ll[lo]! < NEGLIGIBLE_POSTERIOR) lo += 1;
    while (hi > lo && ll[hi]! < NEGLIGIBLE_POSTERIOR) hi -= 1;
    return max + Math.log(sum);
  };

  while (iterations < maxIterations) {
    iterations += 1;
    refreshCurves();
    expected.fill(0);
    expectedRight.fill(0);
    let total = 0;
    for (let p = 0; p < P; p += 1) {
      total += posterior(p);
      for (let k = data.personStart[p]!; k < data.personStart[p + 1]!; k += 1) {
        const i = data.item[k]!;
        if (!active[i]) continue;
        const base = i * Q;
        if (data.score[k]) {
          for (let q = lo; q <= hi; q += 1) {
            expected[base + q]! += ll[q]!;
            expectedRight[base + q]! += ll[q]!;
          }
        } else {
          for (let q = lo; q <= hi; q += 1) expected[base + q]! += ll[q]!;
        }
      }
    }
    logLikelihood = total;
    const change = model === 'rasch' ? mStepRasch() : mStep2pl();
    if (change < tolerance) {
      converged = true;
      break;
    }
  }

  function mStep2pl(): number {
    let change = 0;
    for (let i = 0; i < I; i += 1) {
      if (!active[i] || diverged[i]) continue;
      if (hasC[i]) {
        change = Math.max(change, mStep3pl(i));
        continue;
      }
      let ai = a[i]!;
      let di = d[i]!;
      for (let step = 0; step < 20; step += 1) {
        let ga = 0, gd = 0, haa = 0, had = 0, hdd = 0;
        for (let q = 0; q < Q; q += 1) {
          const e = expected[i * Q + q]!;
          if (e === 0) continue;
          const pr = logistic(ai * nodes[q]! + di);
          const resid = expectedRight[i * Q + q]! - e * pr;
          const w = e * pr * (1 - pr);
          ga += resid * nodes[q]!;
          gd += resid;
          haa += w * nodes[q]! ** 2;
          had += w * nodes[q]!;
          hdd += w;
        }
        const det = haa * hdd - had * had;
        if (!(det > 1e-12)) break;
        let da = (hdd * ga - had * gd) / det;
        let dd = (haa * gd - had * ga) / det;
        const scale = Math.max(1, Math.abs(da) / MAX_NEWTON_STEP, Math.abs(dd) / MAX_NEWTON_STEP);
        da /= scale;
        dd /= scale;
        ai += da;
        di += dd;
        if (Math.abs(da) < 1e-8 && Math.abs(dd) < 1e-8) break;
      }
      if (!Number.isFinite(ai) || !Number.isFinite(di) || Math.abs(ai) > MAX_ABS_DISCRIMINATION || Math.abs(di) > MAX_ABS_DIFFICULTY * MAX_ABS_DISCRIMINATION) {
        diverged[i] = 1;
        continue;
      }
      change = Math.max(change, Math.abs(ai - a[i]!), Math.abs(di - d[i]!));
      a[i] = ai;
      d[i] = di;
    }
    return change;
  }

  /** One guessable item's M-step: Fisher scoring on (a, d, c), the Beta prior's log density added for c. */
  function mStep3pl(i: number): number {
    let ai = a[i]!;
    let di = d[i]!;
    let ci = c[i]!;
    for (let step = 0; step < 20; step += 1) {
      let ga = 0, gd = 0, gc = 0, haa = 0, had = 0, hac = 0, hdd = 0, hdc = 0, hcc = 0;
      for (let q = 0; q < Q; q += 1) {
        const e = expected[i * Q + q]!;
        if (e === 0) continue;
        const l = logistic(ai * nodes[q]! + di);
        const pr = ci + (1 - ci) * l;
        const v = Math.max(pr * (1 - pr), 1e-12);
        const k = (expectedRight[i * Q + q]! - e * pr) / v;
        const w = e / v;
        // ∂P/∂a, ∂P/∂d, ∂P/∂c
        const pd = (1 - ci) * l * (1 - l);
        const pa = pd * nodes[q]!;
        const pc = 1 - l;
        ga += k * pa;
        gd += k * pd;
        gc += k * pc;
        haa += w * pa * pa;
        had += w * pa * pd;
        hac += w * pa * pc;
        hdd += w * pd * pd;
        hdc += w * pd * pc;
        hcc += w * pc * pc;
      }
      let da: number, dd: number, dc = 0;
      if (isGuessingFree) {
        gc += (prior.alpha - 1) / ci - (prior.beta - 1) / (1 - ci);
        hcc += (prior.alpha - 1) / ci ** 2 + (prior.beta - 1) / (1 - ci) ** 2;
        const inv = invertSymmetric3(haa, had, hac, hdd, hdc, hcc);
        if (!inv) break;
        da = inv[0] * ga + inv[1] * gd + inv[2] * gc;
        dd = inv[1] * ga + inv[3] * gd + inv[4] * gc;
        dc = inv[2] * ga + inv[4] * gd + inv[5] * gc;
      } else {
        const det = haa * hdd - had * had;
        if (!(det > 1e-12)) break;
        da = (hdd * ga - had * gd) / det;
        dd = (haa * gd - had * ga) / det;
      }
      const scale = Math.max(1, Math.abs(da) / MAX_NEWTON_STEP, Math.abs(dd) / MAX_NEWTON_STEP, Math.abs(dc) / 0.1);
      da /= scale;
      dd /= scale;
      dc /= scale;
      ai += da;
      di += dd;
      if (isGuessingFree) {
        const next = Math.min(MAX_GUESSING, Math.max(MIN_GUESSING, ci + dc));
        dc = next - ci;
        ci = next;
      }
      if (Math.abs(da) < 1e-8 && Math.abs(dd) < 1e-8 && Math.abs(dc) < 1e-8) break;
    }
    if (!Number.isFinite(ai) || !Number.isFinite(di) || !Number.isFinite(ci) || Math.abs(ai) > MAX_ABS_DISCRIMINATION || Math.abs(di) > MAX_ABS_DIFFICULTY * MAX_ABS_DISCRIMINATION) {
      diverged[i] = 1;
      return 0;
    }
    const change = Math.max(Math.abs(ai - a[i]!), Math.abs(di - d[i]!), Math.abs(ci - c[i]!));
    a[i] = ai;
    d[i] = di;
    c[i] = ci;
    return change;
  }

  function mStepRasch(): number {
    let change = 0;
    const slope = a[0]!;
    for (let i = 0; i < I; i += 1) {
      if (!active[i] || diverged[i]) continue;
      let di = d[i]!;
      for (let step = 0; step < 20; step += 1) {
        let g = 0, h = 0;
        for (let q = 0; q < Q; q += 1) {
          const e = expected[i * Q + q]!;
          const pr = logistic(slope * nodes[q]! + di);
          g += expectedRight[i * Q + q]! - e * pr;
          h += e * pr * (1 - pr);
        }
        if (!(h > 1e-12)) break;
        const dd = Math.max(-MAX_NEWTON_STEP, Math.min(MAX_NEWTON_STEP, g / h));
        di += dd;
        if (Math.abs(dd) < 1e-8) break;
      }
      if (!Number.isFinite(di) || Math.abs(di) > MAX_ABS_DIFFICULTY * slope * 2) {
        diverged[i] = 1;
        continue;
      }
      change = Math.max(change, Math.abs(di - d[i]!));
      d[i] = di;
    }
    let s = slope;
    for (let step = 0; step < 20; step += 1) {
      let g = 0, h = 0;
      for (let i = 0; i < I; i += 1) {
        if (!active[i] || diverged[i]) continue;
        for (let q = 0; q < Q; q += 1) {
          const e = expected[i * Q + q]!;
          const pr = logistic(s * nodes[q]! + d[i]!);
          g += (expectedRight[i * Q + q]! - e * pr) * nodes[q]!;
          h += e * pr * (1 - pr) * nodes[q]! ** 2;
        }
      }
      if (!(h > 1e-12)) break;
      const ds = Math.max(-MAX_NEWTON_STEP / 2, Math.min(MAX_NEWTON_STEP / 2, g / h));
      s = Math.max(0.05, s + ds);
      if (Math.abs(ds) < 1e-8) break;
    }
    change = Math.max(change, Math.abs(s - slope));
    for (let i = 0; i < I; i += 1) a[i] = s;
    return change;
  }

  // Standard errors from the cross-product of each examinee's score vector (per item block), and
  // infit/outfit at each examinee's EAP ability, in one last pass at the final parameters.
  refreshCurves();
  const abilities = new Float64Array(P);
  const xaa = new Float64Array(I), xad = new Float64Array(I), xdd = new Float64Array(I);
  const xac = new Float64Array(I), xdc = new Float64Array(I), xcc = new Float64Array(I);
  const squared = new Float64Array(I), variance = new Float64Array(I), outfitSum = new Float64Array(I);
  for (let p = 0; p < P; p += 1) {
    posterior(p);
    let eap = 0;
    for (let q = 0; q < Q; q += 1) eap += ll[q]! * nodes[q]!;
    abilities[p] = eap;
    for (let k = data.personStart[p]!; k < data.personStart[p + 1]!; k += 1) {
      const i = data.item[k]!;
      if (!active[i] || diverged[i]) continue;
      const x = data.score[k]!;
      let sa = 0, sd = 0, sc = 0;
      if (hasC[i]) {
        const ci = c[i]!;
        for (let q = lo; q <= hi; q += 1) {
          const l = logistic(a[i]! * nodes[q]! + d[i]!);
          const pr = ci + (1 - ci) * l;
          const r = (ll[q]! * (x - pr)) / Math.max(pr * (1 - pr), 1e-12);
          const pd = (1 - ci) * l * (1 - l);
          sa += r * pd * nodes[q]!;
          sd += r * pd;
          sc += r * (1 - l);
        }
        xac[i]! += sa * sc;
        xdc[i]! += sd * sc;
        xcc[i]! += sc * sc;
      } else {
        for (let q = lo; q <= hi; q += 1) {
          const r = ll[q]! * (x - Math.exp(logP[i * Q + q]!));
          sa += r * nodes[q]!;
          sd += r;
        }
      }
      xaa[i]! += sa * sa;
      xad[i]! += sa * sd;
      xdd[i]! += sd * sd;
      const pr = c[i]! + (1 - c[i]!) * logistic(a[i]! * eap + d[i]!);
      const v = pr * (1 - pr);
      squared[i]! += (x - pr) ** 2;
      variance[i]! += v;
      outfitSum[i]! += (x - pr) ** 2 / Math.max(v, 1e-12);
    }
  }

  const items = Array.from({ length: I }, (_, i): ItemEstimate => {
    if (!active[i]) return emptyEstimate(state[i]!, n[i]!, right[i]!);
    if (diverged[i]) return emptyEstimate('diverged', n[i]!, right[i]!);
    const ai = a[i]!;
    const di = d[i]!;
    const difficulty = model === 'rasch' ? -di : -di / ai;
    const discrimination = model === 'rasch' ? 1 : ai;
    let seDifficulty: number;
    let seDiscrimination: number | null;
    let seGuessing: number | null = null;
    if (model === 'rasch') {
      seDifficulty = 1 / Math.sqrt(xdd[i]!);
      seDiscrimination = null;
    } else {
      let vaa: number, vdd: number, vad: number;
      if (hasC[i] && isGuessingFree) {
        // The observed information of the posterior mode: the prior's curvature joins the c entry.
        const ci = c[i]!;
        const priorCurvature = (prior.alpha - 1) / ci ** 2 + (prior.beta - 1) / (1 - ci) ** 2;
        const inv = invertSymmetric3(xaa[i]!, xad[i]!, xac[i]!, xdd[i]!, xdc[i]!, xcc[i]! + priorCurvature) ?? [NaN, NaN, NaN, NaN, NaN, NaN];
        [vaa, vad, vdd] = [inv[0], inv[1], inv[3]];
        seGuessing = finiteOrNull(Math.sqrt(inv[5]));
      } else {
        const det = xaa[i]! * xdd[i]! - xad[i]! ** 2;
        [vaa, vdd, vad] = [xdd[i]! / det, xaa[i]! / det, -xad[i]! / det];
      }
      // Delta method for b = -d / a: ∂b/∂a = d / a², ∂b/∂d = -1 / a.
      const ja = di / ai ** 2, jd = -1 / ai;
      seDifficulty = Math.sqrt(ja * ja * vaa + jd * jd * vdd + 2 * ja * jd * vad);
      seDiscrimination = finiteOrNull(Math.sqrt(vaa));
    }
    const outOfBounds = !Number.isFinite(difficulty) || Math.abs(difficulty) > MAX_ABS_DIFFICULTY || Math.abs(ai) < MIN_ABS_DISCRIMINATION;
    if (outOfBounds) return emptyEstimate('diverged', n[i]!, right[i]!);
    return {
      state: 'ok',
      n: n[i]!,
      proportionCorrect: right[i]! / n[i]!,
      difficulty,
      discrimination,
      seDifficulty: finiteOrNull(seDifficulty),
      seDiscrimination,
      guessing: hasC[i] ? c[i]! : null,
      seGuessing,
      infit: finiteOrNull(squared[i]! / variance[i]!),
      outfit: finiteOrNull(outfitSum[i]! / n[i]!),
    };
  });

  return { model, items, iterations, converged, logLikelihood, abilitySd: model === 'rasch' ? a.find((_, i) => active[i] === 1) ?? 1 : 1, abilities };
}
