/**
 * Scores on one scale across shifts (decision 066): forms of different difficulty, each sat by a
 * randomly equivalent group (θ ~ N(0, 1)). The bank is calibrated first (2PL, MML-EM) from earlier
 * attempts, as the nightly job does: 2,000 examinees answering 60 random bank items each. Each
 * shift's raw scores are then equated to the first form by IRT true-score equating, and NTA's
 * per-shift percentile is worked out as NTA defines it. Kendall's τ-b against the simulated true
 * ability says which puts the pooled candidates in the better order; the equated must be higher.
 *
 * Bank: 240 items, b ~ N(0, 1.2²), a ~ lognormal(0, 0.3). Form k of K draws 60 items among those
 * with b within 0.8 of -0.6 + 1.2 k / (K - 1) (the first form the easiest, the last about 1.2
 * logits harder). Marking +4 / -1 with every question answered (raw = 4 right - 1 wrong).
 * Configurations: shifts × candidates, default 4 × 50 (a class of 200 in four lab batches),
 * 2 × 200 and 2 × 1000.
 *
 *   npx tsx bench/irt-equating.ts     (BENCH_RUNS, default 3; BENCH_SHIFTS, default "4x50,2x200,2x1000")
 */
import { loadavg } from 'node:os';
import { calibrate, responseMatrix } from '../apps/server/src/modules/psychometrics/psychometrics.irt.js';
import { eapAbility, equateTrueScore, shiftPercentiles, type FormItem } from '../apps/server/src/modules/psychometrics/psychometrics.equating.js';
import { normal, seededRandom } from '../apps/server/src/modules/psychometrics/psychometrics.simulate.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONFIGS = (process.env.BENCH_SHIFTS ?? '4x50,2x200,2x1000').split(',').map((c) => c.split('x').map(Number) as [number, number]);
const BANK = 240;
const FORM = 60;
const HISTORY = 2000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const summary = (xs: number[]) => `median ${median(xs).toFixed(4)} (min ${Math.min(...xs).toFixed(4)}, max ${Math.max(...xs).toFixed(4)})`;

/**
 * Kendall's τ-b (ties in either list counted as in R's cor(method = "kendall")), by all pairs.
 * No maintained npm package computes it (simple-statistics and jstat have Pearson and Spearman
 * only); at a few thousand candidates the n² pairs take well under a second.
 */
function kendallTauB(x: readonly number[], y: readonly number[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < x.length; i += 1) {
    for (let j = i + 1; j < x.length; j += 1) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX += 1;
      else if (dy === 0) tiesY += 1;
      else if (dx === dy) concordant += 1;
      else discordant += 1;
    }
  }
  return (concordant - discordant) / Math.sqrt((concordant + discordant + tiesX) * (concordant + discordant + tiesY));
}

function pick(random: () => number, pool: number[], count: number): number[] {
  const list = [...pool];
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list.slice(0, count);
}

function answer(random: () => number, a: number, b: number, theta: number): 0 | 1 {
  return random() < 1 / (1 + Math.exp(-a * (theta - b))) ? 1 : 0;
}

function run(seed: number, shiftCount: number, perShift: number) {
  const random = seededRandom(seed);
  const b = Array.from({ length: BANK }, () => normal(random) * 1.2);
  const a = Array.from({ length: BANK }, () => Math.exp(normal(random) * 0.3));
  const all = Array.from({ length: BANK }, (_, i) => i);
  // The bank's calibration from earlier attempts (each a random 60 of the bank).
  const person: number[] = [];
  const item: number[] = [];
  const score: number[] = [];
  for (let p = 0; p < HISTORY; p += 1) {
    const theta = normal(random);
    for (const i of pick(random, all, FORM)) {
      person.push(p);
      item.push(i);
      score.push(answer(random, a[i]!, b[i]!, theta));
    }
  }
  const fit = calibrate(responseMatrix(BANK, HISTORY, person, item, score), { model: '2pl' });
  const forms = Array.from({ length: shiftCount }, (_, k) => {
    const centre = -0.6 + (1.2 * k) / Math.max(shiftCount - 1, 1);
    return pick(random, all.filter((i) => Math.abs(b[i]! - centre) < 0.8), FORM);
  });
  const calibrated = forms.map((form) =>
    form.flatMap((i): FormItem[] => {
      const estimate = fit.items[i]!;
      return estimate.state === 'ok' ? [{ difficulty: estimate.difficulty!, discrimination: estimate.discrimination!, marks: 4 }] : [];
    }),
  );
  const candidates: { shift: number; theta: number; right: number; calibratedRight: number; eap: number }[] = [];
  for (let shift = 0; shift < shiftCount; shift += 1) {
    for (let k = 0; k < perShift; k += 1) {
      const theta = normal(random);
      let right = 0;
      let calibratedRight = 0;
      const answers: (0 | 1)[] = [];
      for (const i of forms[shift]!) {
        const x = answer(random, a[i]!, b[i]!, theta);
        right += x;
        if (fit.items[i]!.state === 'ok') {
          calibratedRight += x;
          answers.push(x);
        }
      }
      candidates.push({ shift, theta, right, calibratedRight, eap: eapAbility(calibrated[shift]!, answers).ability });
    }
  }
  const raw = candidates.map((c) => 4 * c.right - (FORM - c.right));
  // Number-right marks on the calibrated items, read against the form's true-score curve.
  const equated = candidates.map((c) => equateTrueScore(calibrated[c.shift]!, calibrated[0]!, 4 * c.calibratedRight).equated);
  const percentile = new Array<number>(candidates.length);
  for (let shift = 0; shift < shiftCount; shift += 1) {
    const members = candidates.flatMap((c, i) => (c.shift === shift ? [i] : []));
    shiftPercentiles(members.map((i) => raw[i]!)).forEach((value, k) => (percentile[members[k]!] = value));
  }
  const theta = candidates.map((c) => c.theta);
  const meanRaw = (shift: number) => median(candidates.flatMap((c, i) => (c.shift === shift ? [raw[i]!] : [])));
  return {
    fitted: calibrated.reduce((sum, form) => sum + form.length, 0),
    rawGap: meanRaw(0) - meanRaw(shiftCount - 1),
    equated: kendallTauB(equated, theta),
    percentile: kendallTauB(percentile, theta),
    raw: kendallTauB(raw, theta),
    eap: kendallTauB(candidates.map((c) => c.eap), theta),
  };
}

console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
let failed = false;
for (const [shiftCount, perShift] of CONFIGS) {
  const label = `${shiftCount} shifts × ${perShift}`;
  const results = Array.from({ length: RUNS }, (_, k) => run(3100 + 17 * k + 101 * shiftCount + perShift, shiftCount, perShift));
  results.forEach((r, k) =>
    console.log(
      `${label}, run ${k + 1}: ${r.fitted}/${shiftCount * FORM} form items calibrated, median raw first − last form ${r.rawGap.toFixed(0)}; τ equated ${r.equated.toFixed(4)}, percentile ${r.percentile.toFixed(4)}, raw ${r.raw.toFixed(4)}, EAP ability ${r.eap.toFixed(4)}`,
    ),
  );
  const equated = results.map((r) => r.equated);
  const percentile = results.map((r) => r.percentile);
  console.log(`${label}, ${RUNS} runs: Kendall τ with true ability — equated ${summary(equated)}; per-shift percentile ${summary(percentile)}; raw ${summary(results.map((r) => r.raw))}; EAP ability ${summary(results.map((r) => r.eap))}`);
  if (median(equated) <= median(percentile)) {
    failed = true;
    console.log('TARGET MISSED: the median τ of the equated score above that of the per-shift percentile');
  }
}
console.log(`load average at end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
process.exitCode = failed ? 1 : 0;
