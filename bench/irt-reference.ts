/**
 * Our Rasch-model item difficulties against R's on the same simulated data: eRm (conditional
 * maximum likelihood) and lme4 (marginal maximum likelihood, a logistic mixed model with a random
 * examinee intercept). Difficulties are compared after centring (each method fixes the origin its
 * own way). Target: RMSE ≤ 0.05 against both. Needs Rscript with eRm and lme4
 * (Debian: r-base-core r-cran-erm r-cran-lme4); the test suite does not, it reads a committed fixture.
 *
 *   npx tsx bench/irt-reference.ts                  (BENCH_RUNS, BENCH_PERSONS, BENCH_ITEMS change the runs and the size)
 *   npx tsx bench/irt-reference.ts --write-fixture  (rewrites the test fixture and R's difficulties for it)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calibrate } from '../apps/server/src/modules/psychometrics/psychometrics.irt.js';
import { centred, rmse, simulate, type SimulatedData } from '../apps/server/src/modules/psychometrics/psychometrics.simulate.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PERSONS = Number(process.env.BENCH_PERSONS ?? 1000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 20);
const FIXTURE_DIR = path.join(here, '../apps/server/src/modules/psychometrics/fixtures');

/** One row per examinee, NA where the response is missing. */
function toCsv(sim: SimulatedData, items: number): string {
  const lines = [Array.from({ length: items }, (_, i) => `i${i + 1}`).join(',')];
  for (let p = 0; p < sim.abilities.length; p += 1) {
    lines.push(Array.from(sim.dense.subarray(p * items, (p + 1) * items), (x) => (x < 0 ? 'NA' : String(x))).join(','));
  }
  return `${lines.join('\n')}\n`;
}

function fitWithR(csv: string): { cml: number[]; mml: number[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'irt-reference-'));
  try {
    writeFileSync(path.join(dir, 'x.csv'), csv);
    execFileSync('Rscript', [path.join(here, 'irt-reference.R'), path.join(dir, 'x.csv'), path.join(dir, 'out.csv')], { stdio: ['ignore', 'ignore', 'inherit'] });
    const rows = readFileSync(path.join(dir, 'out.csv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split(',').map(Number));
    return { cml: rows.map((r) => r[1]!), mml: rows.map((r) => r[2]!) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const fmt = (x: number) => x.toFixed(4);

if (process.argv.includes('--write-fixture')) {
  const sim = simulate({ persons: 300, items: 20, seed: 2026, abilitySd: 1.2, missing: 0.05 });
  const csv = toCsv(sim, 20);
  const r = fitWithR(csv);
  writeFileSync(path.join(FIXTURE_DIR, 'rasch-300x20.csv'), csv);
  const lines = ['item,cml,mml', ...r.cml.map((c, i) => `${i + 1},${c.toFixed(6)},${r.mml[i]!.toFixed(6)}`)];
  writeFileSync(path.join(FIXTURE_DIR, 'rasch-300x20.r-difficulties.csv'), `${lines.join('\n')}\n`);
  const ours = centred(calibrate(sim.matrix, { model: 'rasch', minResponses: 1 }).items.map((item) => item.difficulty!));
  console.log(`fixture written; RMSE ours vs eRm ${fmt(rmse(ours, centred(r.cml)))}, vs lme4 ${fmt(rmse(ours, centred(r.mml)))}`);
} else {
  const vsCml: number[] = [];
  const vsMml: number[] = [];
  const cmlVsMml: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const sim = simulate({ persons: PERSONS, items: ITEMS, seed: 500 + run, abilitySd: 1 });
    const ours = centred(calibrate(sim.matrix, { model: 'rasch', minResponses: 1 }).items.map((item) => item.difficulty!));
    const r = fitWithR(toCsv(sim, ITEMS));
    vsCml.push(rmse(ours, centred(r.cml)));
    vsMml.push(rmse(ours, centred(r.mml)));
    cmlVsMml.push(rmse(centred(r.cml), centred(r.mml)));
    console.log(`run ${run}: RMSE ours–eRm ${fmt(vsCml.at(-1)!)}, ours–lme4 ${fmt(vsMml.at(-1)!)}, eRm–lme4 ${fmt(cmlVsMml.at(-1)!)}`);
  }
  const line = (name: string, xs: number[]) => `${name}: median ${fmt(median(xs))} (min ${fmt(Math.min(...xs))}, max ${fmt(Math.max(...xs))})`;
  console.log(`Rasch ${PERSONS} × ${ITEMS}, ${RUNS} data sets, difficulties centred`);
  console.log(line('ours vs eRm (CML)', vsCml));
  console.log(line('ours vs lme4 (MML)', vsMml));
  console.log(line('eRm vs lme4', cmlVsMml));
  const worst = Math.max(...vsCml, ...vsMml);
  console.log(worst <= 0.05 ? 'target met: RMSE ≤ 0.05 against both' : `TARGET MISSED: worst RMSE ${fmt(worst)} > 0.05`);
  process.exitCode = worst <= 0.05 ? 0 : 1;
}
