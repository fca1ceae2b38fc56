/**
 * Office evaluation: time to compare a student's file with the solution by a drafted rubric.
 *
 *   npx tsx bench/office.ts            (BENCH_OFFICE_RUNS changes the timed runs, default 10)
 *
 * Files are made in code first (not timed), and the rubric drafted from the solution (not timed).
 * Each timed run reads both files from their bytes (zip and XML checks, parsing, the workbook's
 * recalculation with 3 perturbation trials) and runs every check, in this thread (a worker
 * thread adds its start-up on top; see bench/README.md). Targets (p95 of the thread's CPU time;
 * wall time is printed too): a 1,000-cell workbook < 300 ms; a 20-page document or a 30-slide
 * deck < 500 ms. Exit code 1 past a target.
 */
import type { OfficeKind, OfficeRubric } from '@app/contracts';
import { draftRubric, evaluateFiles } from '../apps/server/src/modules/office/office.evaluate.js';
import { buildDocument, buildPresentation, buildWorkbook, tinyPng, type BlockSpec, type CellSpec, type SlideSpec } from '../apps/server/src/modules/office/office.fixtures.js';

const RUNS = Number(process.env.BENCH_OFFICE_RUNS ?? 10);
const SUBJECTS = ['Physics', 'Chemistry', 'Botany', 'Zoology', 'English', 'Tamil'];

/** 100 students × 6 marks (600 values, 100 names) and 300 formulas: 1,000 cells, and a chart. */
function workbook(variant: 'solution' | 'student') {
  const rows: CellSpec[][] = [['Student', ...SUBJECTS, 'Total', 'Average', 'Percentage'].map((v) => ({ v, bold: true }))];
  for (let i = 0; i < 100; i++) {
    const r = i + 2;
    const marks = SUBJECTS.map((_, s) => 40 + ((i * 37 + s * 11) % 60));
    const total: CellSpec = variant === 'solution' || i % 10 ? { f: `SUM(B${r}:G${r})` } : { f: `B${r}+C${r}+D${r}+E${r}+F${r}+G${r}` };
    rows.push([`Student ${i + 1}`, ...marks, total, { f: `AVERAGE(B${r}:G${r})`, numFmt: '0.00' }, variant === 'student' && i === 50 ? 80 : { f: `H${r}/$B$104*100`, numFmt: '0.00' }]);
  }
  rows.push([], [null], [{ v: 'Maximum', bold: true }, 600]);
  return buildWorkbook([{ name: 'Marks', rows, chart: { type: 'bar', title: 'Totals', categories: 'Marks!$A$2:$A$101', values: 'Marks!$H$2:$H$101', seriesName: 'Total' } }]);
}

const WORDS = 'osmosis diffusion membrane solute solvent concentration gradient potato strip beaker water salt length cell wall plasmolysis turgor pressure observation result'.split(' ');
const sentence = (n: number, len: number) => Array.from({ length: len }, (_, i) => WORDS[(n * 7 + i * 3) % WORDS.length]).join(' ');

/** About 20 A4 pages: 20 sections, each a heading, five paragraphs, a list, and every fourth a table. */
function documentBlocks(variant: 'solution' | 'student'): BlockSpec[] {
  const blocks: BlockSpec[] = [{ title: 'Lab record: transport in plants' }];
  for (let p = 0; p < 20; p++) {
    blocks.push({ heading: `Experiment ${p + 1}` });
    for (let k = 0; k < 5; k++) {
      const text = `${sentence(p * 5 + k, 70)}.`;
      blocks.push({ text: variant === 'student' && p === 3 && k === 2 ? `${text} (changed)` : k === 0 ? [{ text: 'Aim: ', bold: true }, { text }] : text });
    }
    blocks.push({ bullets: [sentence(p, 6), sentence(p + 1, 6), sentence(p + 2, 6)] });
    if (p % 4 === 0) blocks.push({ table: [['Solution', 'Before', 'After'], ['Water', '5.0', '5.4'], ['Salt', '5.0', '4.5']] });
    blocks.push({ pageBreak: true });
  }
  if (variant === 'solution') blocks.push({ image: tinyPng(), width: 60, height: 60 });
  return blocks;
}

function deck(variant: 'solution' | 'student'): SlideSpec[] {
  const slides: SlideSpec[] = [{ layout: 'title', title: 'Human physiology', subtitle: 'Revision' }];
  for (let s = 1; s < 30; s++) {
    slides.push({
      layout: 'content',
      title: `Topic ${s}`,
      bullets: [sentence(s, 5), { text: sentence(s + 1, 4), level: 1 }, sentence(s + 2, 5), sentence(s + 3, 5), variant === 'student' && s === 7 ? 'something else' : sentence(s + 4, 5)],
      ...(s % 5 === 0 ? { table: [['A', 'B'], ['1', '2']] } : {}),
      ...(s % 6 === 0 ? { notes: `Remember ${sentence(s, 4)}` } : {}),
    });
  }
  return slides;
}

const p95Of = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;
const meanOf = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function measure(kind: OfficeKind, solution: Uint8Array, student: Uint8Array) {
  const rubric: OfficeRubric = await draftRubric(kind, solution);
  let last = await evaluateFiles(kind, student, solution, rubric);
  await evaluateFiles(kind, student, solution, rubric);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    last = await evaluateFiles(kind, student, solution, rubric);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    wall.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { mean: meanOf(wall), p95: p95Of(wall), cpuMean: meanOf(cpu), cpuP95: p95Of(cpu), percentage: last.percentage, checks: last.checks.length };
}

const cases: Array<{ name: string; kind: OfficeKind; target: number; files: () => Promise<[Uint8Array, Uint8Array]> }> = [
  { name: 'workbook, 1,000 cells', kind: 'xlsx', target: 300, files: async () => [await workbook('solution'), await workbook('student')] },
  { name: 'document, 20 pages', kind: 'docx', target: 500, files: async () => [await buildDocument(documentBlocks('solution')), await buildDocument(documentBlocks('student'))] },
  { name: 'deck, 30 slides', kind: 'pptx', target: 500, files: async () => [await buildPresentation(deck('solution')), await buildPresentation(deck('student'))] },
];

let ok = true;
for (const c of cases) {
  const [solution, student] = await c.files();
  const r = await measure(c.kind, solution, student);
  // CPU time is what the evaluation costs; wall time also counts whatever else the machine runs.
  const pass = r.cpuP95 < c.target;
  ok &&= pass;
  console.log(
    `${c.name}: CPU mean ${r.cpuMean.toFixed(0)} ms, p95 ${r.cpuP95.toFixed(0)} ms (target < ${c.target}) ${pass ? 'ok' : 'SLOW'}; wall mean ${r.mean.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms; ${r.checks} checks, student ${r.percentage} %, ${(student.length / 1024).toFixed(0)} KB`,
  );
}
process.exitCode = ok ? 0 : 1;
