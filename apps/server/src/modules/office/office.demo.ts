import type { OfficeKind, OfficeRubric } from '@app/contracts';
import { draftRubric } from './office.evaluate.js';
import { buildDocument, buildPresentation, buildWorkbook, tinyPng, type SheetSpec } from './office.fixtures.js';

/**
 * The demo office questions' files: realistic NEET-school tasks, each a start file, a solution
 * file and a rubric (drafted from the solution, tuned where a task leaves room for the student's
 * own words). Made in code, byte-for-byte the same on every run.
 */

export interface DemoOfficeTask {
  /** Names the stored files: office/demo/<slug>-start.<kind> and -solution.<kind>. */
  slug: string;
  kind: OfficeKind;
  start: () => Promise<Uint8Array>;
  solution: () => Promise<Uint8Array>;
  /** Adjusts the drafted rubric (or replaces it). */
  rubric?: (drafted: OfficeRubric) => OfficeRubric;
}

const MARKS_COLUMN = [78, 92, 65, 88, 71];

// Formulas are written with their results, as an office app saves them: a viewer that does not
// calculate on opening (the built-in editor, a file preview) shows the solution's totals.
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const average = (values: readonly number[]) => sum(values) / values.length;
const MAXIMUM_MARKS = 720;

const totalSheet = (withFormula: boolean): SheetSpec[] => [
  {
    name: 'Sheet1',
    widths: [16],
    rows: [[{ v: 'Marks', bold: true }], ...MARKS_COLUMN.map((m) => [m]), [withFormula ? { f: 'SUM(A2:A6)', v: sum(MARKS_COLUMN) } : null]],
  },
];

const STUDENTS = [
  ['Anitha', 152, 148, 310],
  ['Bharath', 128, 160, 295],
  ['Divya', 170, 139, 322],
  ['Karthik', 110, 121, 268],
  ['Meena', 165, 158, 340],
] as const;

function marksSheet(solution: boolean): SheetSpec[] {
  const header = ['Student', 'Physics', 'Chemistry', 'Biology', 'Total', 'Percentage'].map((v) => ({ v, bold: true, fill: 'DDEBF7', align: 'center' as const }));
  const rows = STUDENTS.map((s, i) => {
    const r = i + 2;
    return [
      s[0],
      s[1],
      s[2],
      s[3],
      solution ? { f: `SUM(B${r}:D${r})`, v: sum(s.slice(1, 4) as number[]) } : null,
      solution ? { f: `E${r}/$B$9*100`, v: (sum(s.slice(1, 4) as number[]) / MAXIMUM_MARKS) * 100, numFmt: '0.00' } : null,
    ];
  });
  const sheet: SheetSpec = {
    name: 'Marks',
    widths: [16, 10, 11, 10, 10, 12],
    rows: [
      header,
      ...rows,
      [{ v: 'Class average', bold: true }, ...['B', 'C', 'D', 'E'].map((col, i) => (solution ? { f: `AVERAGE(${col}2:${col}6)`, v: average(STUDENTS.map((s) => (i < 3 ? (s[i + 1] as number) : sum(s.slice(1, 4) as number[])))) } : null))],
      [],
      [{ v: 'Maximum marks', bold: true }, MAXIMUM_MARKS],
    ],
  };
  if (solution) sheet.chart = { type: 'bar', title: 'Total marks', categories: 'Marks!$A$2:$A$6', values: 'Marks!$E$2:$E$6', seriesName: 'Total' };
  return [sheet];
}

function marksWorkbook(solution: boolean): Promise<Uint8Array> {
  return buildWorkbook(marksSheet(solution));
}

const ORGANELLES = ['Nucleus – controls the activities of the cell', 'Mitochondrion – makes ATP, the cell’s energy', 'Ribosome – makes proteins'];

const HEART_CHAMBERS = ['Right atrium', 'Right ventricle', 'Left atrium', 'Left ventricle'];

export const DEMO_OFFICE_TASKS: Record<string, DemoOfficeTask> = {
  'sheet-total': {
    slug: 'sheet-total',
    kind: 'xlsx',
    start: () => buildWorkbook(totalSheet(false)),
    solution: () => buildWorkbook(totalSheet(true)),
  },
  'cell-organelles': {
    slug: 'cell-organelles',
    kind: 'docx',
    start: () => buildDocument([]),
    solution: () => buildDocument([{ heading: 'Cell Organelles' }, { bullets: ORGANELLES }]),
    // The functions are the student's own words: an organelle's name is what must be there.
    rubric: (drafted) => ({
      ...drafted,
      checks: [
        ...drafted.checks.filter((c) => c.type === 'heading'),
        ...['Nucleus', 'Mitochondri', 'Ribosome'].map((name, i) => ({
          id: `list-${i + 1}`,
          type: 'list' as const,
          target: '',
          label: `Bulleted item about the ${name === 'Mitochondri' ? 'mitochondrion' : name.toLowerCase()}`,
          weight: 2,
          enabled: true,
          params: { text: name, match: 'contains', level: 0, ordered: false },
        })),
      ],
    }),
  },
  'human-heart': {
    slug: 'human-heart',
    kind: 'pptx',
    start: () => buildPresentation([{ layout: 'title', title: '' }]),
    solution: () => buildPresentation([{ layout: 'title', title: 'Human Heart' }, { layout: 'content', title: 'Chambers of the heart', bullets: HEART_CHAMBERS }]),
    rubric: (drafted) => ({ ...drafted, checks: drafted.checks.filter((c) => !(c.type === 'slideTitle' && c.target === '2')) }),
  },
  'marks-sheet': {
    slug: 'marks-sheet',
    kind: 'xlsx',
    start: () => marksWorkbook(false),
    solution: () => marksWorkbook(true),
  },
  'osmosis-lab-report': {
    slug: 'osmosis-lab-report',
    kind: 'docx',
    start: () =>
      buildDocument([
        { text: 'Lab report: Osmosis in potato strips' },
        { text: 'Aim' },
        { text: 'To study osmosis using potato strips in salt solutions of different strengths.' },
        { text: 'Materials' },
        { text: 'Potato, knife, ruler, three beakers, water, common salt' },
        { text: 'Procedure' },
        { text: 'Cut three equal strips. Measure each strip. Put one strip in each beaker for 30 minutes. Measure each strip again.' },
        { text: 'Observations' },
        { text: 'Result' },
        { text: 'The strip in the strong salt solution became shorter because water moved out of its cells by osmosis.' },
      ]),
    solution: () =>
      buildDocument([
        { title: 'Lab report: Osmosis in potato strips' },
        { heading: 'Aim' },
        { text: 'To study osmosis using potato strips in salt solutions of different strengths.' },
        { heading: 'Materials' },
        { bullets: ['Potato', 'Knife and ruler', 'Three beakers', 'Water and common salt'] },
        { heading: 'Procedure' },
        { numbered: ['Cut three equal strips.', 'Measure each strip.', 'Put one strip in each beaker for 30 minutes.', 'Measure each strip again.'] },
        { heading: 'Observations' },
        {
          table: [
            ['Solution', 'Length before (cm)', 'Length after (cm)'],
            ['Water', '5.0', '5.4'],
            ['Weak salt solution', '5.0', '5.0'],
            ['Strong salt solution', '5.0', '4.5'],
          ],
        },
        { heading: 'Result' },
        {
          text: [
            { text: 'The strip in the strong salt solution became shorter because water moved out of its cells by ' },
            { text: 'osmosis', bold: true },
            { text: '.' },
          ],
        },
      ]),
  },
  'photosynthesis-deck': {
    slug: 'photosynthesis-deck',
    kind: 'pptx',
    start: () => buildPresentation([{ layout: 'title', title: 'Photosynthesis', subtitle: 'Class 11 Biology' }]),
    solution: () =>
      buildPresentation([
        { layout: 'title', title: 'Photosynthesis', subtitle: 'Class 11 Biology' },
        { layout: 'content', title: 'Raw materials', bullets: ['Carbon dioxide', 'Water', 'Sunlight', { text: 'absorbed by chlorophyll', level: 1 }] },
        { layout: 'content', title: 'Two stages', table: [['Stage', 'Where', 'Product'], ['Light reaction', 'Thylakoid', 'ATP, NADPH, O₂'], ['Dark reaction', 'Stroma', 'Glucose']] },
        { layout: 'content', title: 'Summary', bullets: ['6CO₂ + 6H₂O → C₆H₁₂O₆ + 6O₂'], image: { data: tinyPng() }, notes: 'Oxygen comes from water, not from carbon dioxide.' },
      ]),
  },
};

/** The start file, solution file and rubric (JSON text) of a demo task. */
export async function demoOfficeFiles(task: DemoOfficeTask): Promise<{ start: Uint8Array; solution: Uint8Array; rubric: string }> {
  const [start, solution] = await Promise.all([task.start(), task.solution()]);
  const drafted = await draftRubric(task.kind, solution);
  return { start, solution, rubric: JSON.stringify(task.rubric ? task.rubric(drafted) : drafted) };
}

export function demoFileKey(task: DemoOfficeTask, which: 'start' | 'solution'): string {
  return `office/demo/${task.slug}-${which}.${task.kind}`;
}
