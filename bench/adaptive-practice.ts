/**
 * Adaptive practice (apps/server/src/modules/adaptive, decision 060) on simulated students:
 * a calibrated bank of 4 subjects × 20 topics × 10 items (b ~ N(0, 1.2²), a lognormal around 1.7),
 * students θ ~ N(0, 1). For each run: test length, the share that reached SE ≤ 0.30 within 30
 * items, Pearson's r between the predicted score and a simulated full mock (180 items of the bank
 * answered, +4/−1), the highest item exposure, and the time of each next-item choice (estimate and
 * selection; p50 / p99). Targets: SE 0.30 in ≤ 30 items, r ≥ 0.85, choice < 20 ms.
 *
 *   npx tsx bench/adaptive-practice.ts       (BENCH_RUNS, default 3; BENCH_STUDENTS, default 1000)
 */
import { loadavg } from 'node:os';
import { ADAPTIVE_TARGET_SE } from '@app/contracts';
import { predictedScore, probability } from '../apps/server/src/modules/adaptive/adaptive.cat.js';
import { normal, pearson, seededRandom, simulateSession, simulatedBank } from '../apps/server/src/modules/adaptive/adaptive.simulate.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const summary = (xs: number[], digits: number) => `median ${median(xs).toFixed(digits)} (min ${Math.min(...xs).toFixed(digits)}, max ${Math.max(...xs).toFixed(digits)})`;

console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const lengths: number[] = [];
const reached: number[] = [];
const correlations: number[] = [];
const exposures: number[] = [];
const p50s: number[] = [];
const p99s: number[] = [];
for (let run = 1; run <= RUNS; run += 1) {
  const pool = simulatedBank({ subjects: 4, topicsPerSubject: 20, itemsPerTopic: 10, seed: run });
  const random = seededRandom(1000 + run);
  const mockItems = Array.from({ length: 180 }, () => pool[Math.floor(random() * pool.length)]!);
  const predicted: number[] = [];
  const mock: number[] = [];
  const times: number[] = [];
  const exposure = new Map<number, number>();
  let hits = 0;
  let total = 0;
  for (let s = 0; s < STUDENTS; s += 1) {
    const theta = normal(random);
    const session = simulateSession(pool, theta, random);
    total += session.length;
    if (session.estimate.se <= ADAPTIVE_TARGET_SE) hits += 1;
    times.push(...session.choiceMs);
    for (const item of session.served) exposure.set(item.versionId, (exposure.get(item.versionId) ?? 0) + 1);
    predicted.push(predictedScore(pool, session.estimate.theta));
    mock.push(mockItems.reduce((marks, item) => marks + (random() < probability(theta, item) ? 4 : -1), 0));
  }
  lengths.push(total / STUDENTS);
  reached.push((100 * hits) / STUDENTS);
  correlations.push(pearson(predicted, mock));
  exposures.push((100 * Math.max(...exposure.values())) / STUDENTS);
  p50s.push(quantile(times, 0.5));
  p99s.push(quantile(times, 0.99));
  console.log(
    `run ${run}: mean length ${lengths.at(-1)!.toFixed(1)}, SE ≤ 0.30 reached ${reached.at(-1)!.toFixed(1)} %, r ${correlations.at(-1)!.toFixed(3)}, highest exposure ${exposures.at(-1)!.toFixed(1)} %, choice p50 ${p50s.at(-1)!.toFixed(3)} ms, p99 ${p99s.at(-1)!.toFixed(3)} ms`,
  );
}
console.log(`mean length: ${summary(lengths, 1)}`);
console.log(`SE ≤ 0.30 within 30 items (% of students): ${summary(reached, 1)}`);
console.log(`r with the full mock: ${summary(correlations, 3)}`);
console.log(`highest item exposure (% of students): ${summary(exposures, 1)}`);
console.log(`next-item choice p99 (ms): ${summary(p99s, 3)}; p50 ${summary(p50s, 3)}`);
const met = Math.min(...correlations) >= 0.85 && Math.max(...p99s) < 20 && Math.max(...lengths) <= 30;
console.log(met ? 'targets met' : 'targets NOT met');
process.exit(met ? 0 : 1);
