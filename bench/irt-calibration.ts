/**
 * Item calibration (2PL by marginal ML with EM, apps/server/src/modules/psychometrics):
 *  1. parameter recovery on simulated 2PL data, 1,000 examinees × 180 items (θ ~ N(0, 1),
 *     b ~ N(0, 1), a ~ lognormal(0, 0.3)): RMSE of difficulty ≤ 0.15, of discrimination ≤ 0.20;
 *  2. throughput: 1,000,000 responses (10,000 examinees × 100 items) calibrated in a worker thread,
 *     target < 30 s, while the main thread's event-loop delay is sampled (its p99 shows that the
 *     loop keeps answering).
 * Each is repeated BENCH_RUNS times (default 3, different seeds); median, min and max are printed.
 *
 *   npx tsx bench/irt-calibration.ts            (BENCH_RUNS; BENCH_ONLY=recovery|throughput runs one part)
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { calibrateInWorker } from '../apps/server/src/modules/psychometrics/psychometrics.calibrator.js';
import { calibrate } from '../apps/server/src/modules/psychometrics/psychometrics.irt.js';
import { rmse, simulate } from '../apps/server/src/modules/psychometrics/psychometrics.simulate.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const summary = (xs: number[], digits: number) => `median ${median(xs).toFixed(digits)} (min ${Math.min(...xs).toFixed(digits)}, max ${Math.max(...xs).toFixed(digits)})`;
let failed = false;

console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

if (!ONLY || ONLY === 'recovery') {
  const rmseB: number[] = [];
  const rmseA: number[] = [];
  const seconds: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const sim = simulate({ persons: 1000, items: 180, seed: 900 + run, sdLogA: 0.3 });
    const started = performance.now();
    const result = calibrate(sim.matrix, { model: '2pl' });
    seconds.push((performance.now() - started) / 1000);
    const ok = result.items.flatMap((item, i) => (item.state === 'ok' ? [i] : []));
    rmseB.push(rmse(ok.map((i) => result.items[i]!.difficulty!), ok.map((i) => sim.difficulty[i]!)));
    rmseA.push(rmse(ok.map((i) => result.items[i]!.discrimination!), ok.map((i) => sim.discrimination[i]!)));
    console.log(`recovery run ${run}: ${ok.length}/180 items fitted in ${result.iterations} EM cycles, RMSE b ${rmseB.at(-1)!.toFixed(3)}, a ${rmseA.at(-1)!.toFixed(3)}`);
  }
  console.log(`2PL recovery 1,000 × 180, ${RUNS} runs: RMSE difficulty ${summary(rmseB, 3)}; discrimination ${summary(rmseA, 3)}; ${summary(seconds, 1)} s each`);
  if (Math.max(...rmseB) > 0.15 || Math.max(...rmseA) > 0.2) {
    failed = true;
    console.log('TARGET MISSED: RMSE difficulty ≤ 0.15 and discrimination ≤ 0.20');
  }
}

if (!ONLY || ONLY === 'throughput') {
  const seconds: number[] = [];
  const p99: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const sim = simulate({ persons: 10_000, items: 100, seed: 700 + run, sdLogA: 0.3 });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const result = await calibrateInWorker(sim.matrix, { model: '2pl' });
    seconds.push((performance.now() - started) / 1000);
    delay.disable();
    p99.push(delay.percentile(99) / 1e6);
    console.log(`throughput run ${run}: ${sim.matrix.item.length} responses in ${seconds.at(-1)!.toFixed(1)} s (${result.iterations} EM cycles), main event-loop delay p99 ${p99.at(-1)!.toFixed(1)} ms`);
  }
  console.log(`1,000,000 responses, ${RUNS} runs: ${summary(seconds, 1)} s; event-loop delay p99 ${summary(p99, 1)} ms`);
  if (Math.max(...seconds) >= 30) {
    failed = true;
    console.log('TARGET MISSED: under 30 s');
  }
}
console.log(`load average at end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
process.exitCode = failed ? 1 : 0;
