/**
 * OMR recognition: time per page and bubble accuracy on the generated corpus.
 *
 *   npx tsx bench/omr.ts            (BENCH_OMR_SHEETS changes the count, default 24)
 *
 * Sheets are generated first (not timed); then each page is decoded and recognised, timed from
 * the uploaded file's bytes to the finished read. Target: < 1 s a page on one core, accuracy
 * ≥ 99.9 % with every doubtful bubble flagged. Exit code 1 past either target.
 */
import { corpusDegradations, generateCorpusSheet } from '../apps/server/src/modules/omr/omr.corpus.js';
import { loadGreyImage, recogniseSheet } from '../apps/server/src/modules/omr/omr.recognise.js';

const COUNT = Number(process.env.BENCH_OMR_SHEETS ?? 24);
const SEED = 7_301;
const TARGET_MS = 1000;

const degradations = corpusDegradations(SEED, COUNT);
const sheets = [];
for (const [i, d] of degradations.entries()) sheets.push(await generateCorpusSheet(SEED + i, d));

const times: number[] = [];
let bubbles = 0;
let right = 0;
let flagged = 0;
let wrong = 0;
let rollsRead = 0;
let wrongRolls = 0;
for (const sheet of sheets) {
  const start = process.hrtime.bigint();
  const read = recogniseSheet(await loadGreyImage(sheet.file), { questionCountFor: () => 180 });
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
  read.questions.forEach((q, qi) =>
    q.bubbles.forEach((b, o) => {
      const truth = sheet.truth.questions[qi]![o]!;
      bubbles += 1;
      if (b.state === 'uncertain') flagged += 1;
      if (truth === 'ambiguous' ? b.state === 'uncertain' : b.state === truth) right += 1;
      else if (b.state !== 'uncertain') wrong += 1;
    }),
  );
  if (read.rollNumber && !read.rollFlagged) {
    rollsRead += 1;
    if (read.rollNumber !== sheet.truth.rollNumber) wrongRolls += 1;
  }
}
times.sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!;
const accuracy = right / bubbles;
console.log(`pages ${COUNT}: mean ${mean.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms a page`);
console.log(`bubbles ${bubbles}: accuracy ${(accuracy * 100).toFixed(3)} %, flagged ${flagged}, wrong and unflagged ${wrong}`);
console.log(`roll numbers accepted ${rollsRead}/${COUNT}, wrong ${wrongRolls}`);
process.exitCode = p95 < TARGET_MS && accuracy >= 0.999 && wrong === 0 && wrongRolls === 0 ? 0 : 1;
