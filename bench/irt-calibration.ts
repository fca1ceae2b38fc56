/**
 * Item calibration (2PL by marginal ML with EM, apps/server/src/modules/psychometrics):
 *  1. parameter recovery on simulated 2PL data, 1,000 examinees × 180 items (θ ~ N(0, 1),
 *     b ~ N(0, 1), a ~ lognormal(0, 0.3)): RMSE of difficulty ≤ 0.15, of discrimination ≤ 0.20;
 *  2. throughput: 1,000,000 responses (10,000 examinees × 100 items) calibrated in a worker thread,
 *     target < 30 s, while the main thread's event-loop delay is sampled (its p99 shows that the
 *     loop keeps answering).
 * With BENCH_MODEL=3pl (decision 077) both parts simulate and fit the 3PL, c ~ uniform(0.1, 0.3):
 * recovery on 2,000 examinees × 60 items, RMSE of difficulty ≤ 0.20, discrimination ≤ 0.25,
 * guessing ≤ 0.06; and the RMS of the difficulty errors in units of their SEs (about 1 when the SEs are honest).
 * Each is repeated BENCH_RUNS times (default 3, different seeds); median, min and max are printed.
 *
 *   npx tsx bench/irt-calibration.ts            (BENCH_RUNS; BENCH_ONLY=recovery|throughput runs one part; BENCH_MODEL=2pl|3pl)
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { calibrateInWorker } from '../apps/server/src/modules/psychometrics/psychometrics.calibrator.js';
import { calibrate } from '../apps/server/src/modules/psychometrics/psychometrics.irt.js';
import { rmse, simulate } from '../apps/server/src/modules/psychometrics/psychometrics.simulate.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY;
const MODEL = process.env.BENCH_MODEL === '3pl' ? '3pl' : '2pl';
const IS_3PL = MODEL === '3pl';
/** The recovery design and its targets per model. */
const RECOVERY = IS_3PL
  ? { persons: 2000, items: 60, guessingRange: [0.1, 0.3] as const, target: { b: 0.2, a: 0.25, c: 0.06 } }
  : { persons: 1000, items: 180, guessingRange: undefined, target: { b: 0.15, a: 0.2, c: Infinity } };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const summary = (xs: number[], digits: number) => `median ${median(xs).toFixed(digits)} (min ${Math.min(...xs).toFixed(digits)}, max ${Math.max(...xs).toFixed(digits)})`;
let failed = false;

console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

if (!ONLY || ONLY === 'recovery') {
  const rmseB: number[] = [];
  const rmseA: number[] = [];
  const rmseC: number[] = [];
  const seUnits: number[] = [];
  const seconds: number[] = [];
  const { persons, items, guessingRange, target } = RECOVERY;
  for (let run = 1; run <= RUNS; run += 1) {
    const sim = simulate({ persons, items, seed: 900 + run, sdLogA: 0.3, ...(guessingRange ? { guessingRange } : {}) });
    const started = performance.now();
    const result = calibrate(sim.matrix, { model: MODEL });
    seconds.push((performance.now() - started) / 1000);
    const ok = result.items.flatMap((item, i) => (item.state === 'ok' ? [i] : []));
    rmseB.push(rmse(ok.map((i) => result.items[i]!.difficulty!), ok.map((i) => sim.difficulty[i]!)));
    rmseA.push(rmse(ok.map((i) => result.items[i]!.discrimination!), ok.map((i) => sim.discrimination[i]!)));
    if (IS_3PL) rmseC.push(rmse(ok.map((i) => result.items[i]!.guessing!), ok.map((i) => sim.guessing[i]!)));
    seUnits.push(Math.sqrt(ok.reduce((sum, i) => sum + ((result.items[i]!.difficulty! - sim.difficulty[i]!) / result.items[i]!.seDifficulty!) ** 2, 0) / ok.length));
    console.log(`recovery run ${run}: ${ok.length}/${items} items fitted in ${result.iterations} EM cycles, RMSE b ${rmseB.at(-1)!.toFixed(3)}, a ${rmseA.at(-1)!.toFixed(3)}${IS_3PL ? `, c ${rmseC.at(-1)!.toFixed(3)}` : ''}`);
  }
  const guessingLine = IS_3PL ? `; guessing ${summary(rmseC, 3)}` : '';
  console.log(`${MODEL.toUpperCase()} recovery ${persons.toLocaleString('en')} × ${items}, ${RUNS} runs: RMSE difficulty ${summary(rmseB, 3)}; discrimination ${summary(rmseA, 3)}${guessingLine}; difficulty error in SEs (RMS) ${summary(seUnits, 2)}; ${summary(seconds, 1)} s each`);
  if (Math.max(...rmseB) > target.b || Math.max(...rmseA) > target.a || (IS_3PL && Math.max(...rmseC) > target.c)) {
    failed = true;
    console.log(`TARGET MISSED: RMSE difficulty ≤ ${target.b} and discrimination ≤ ${target.a}${IS_3PL ? ` and guessing ≤ ${target.c}` : ''}`);
  }
}

if (!ONLY || ONLY === 'throughput') {
  const seconds: number[] = [];
  const p99: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const sim = simulate({ persons: 10_000, items: 100, seed: 700 + run, sdLogA: 0.3, ...(RECOVERY.guessingRange ? { guessingRange: RECOVERY.guessingRange } : {}) });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const result = await calibrateInWorker(sim.matrix, { model: MODEL });
    seconds.push((performance.now() - started) / 1000);
    delay.disable();
    p99.push(delay.percentile(99) / 1e6);
    console.log(`throughput run ${run}: ${sim.matrix.item.length} responses in ${seconds.at(-1)!.toFixed(1)} s (${result.iterations} EM cycles), main event-loop delay p99 ${p99.at(-1)!.toFixed(1)} ms`);
  }
  console.log(`${MODEL.toUpperCase()} 1,000,000 responses, ${RUNS} runs: ${summary(seconds, 1)} s; event-loop delay p99 ${summary(p99, 1)} ms`);
  if (Math.max(...seconds) >= 30) {
    failed = true;
    console.log('TARGET MISSED: under 30 s');
  }
}
console.log(`load average at end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
process.exitCode = failed ? 1 : 0;
