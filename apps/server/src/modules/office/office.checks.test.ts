import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OfficeRubric, OfficeRubricCheck } from '@app/contracts';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OFFICE_TASKS, demoOfficeFiles } from './office.demo.js';
import { draftRubric, evaluateFiles } from './office.evaluate.js';
import { createWorkerEvaluator, EvaluationTimeoutError } from './office.evaluator.js';
import { buildDocument, buildPresentation, buildWorkbook, tinyPng, type CellSpec, type SheetSpec } from './office.fixtures.js';
import { OfficeFileError, openPackage, unpack } from './office.package.js';
import { applyStamp, readStamp } from './office.stamp.js';

// The evaluator's checks, one by one, on files made in code and files saved by LibreOffice.

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/office');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

const rubricOf = (kind: OfficeRubric['kind'], checks: Array<Partial<OfficeRubricCheck> & Pick<OfficeRubricCheck, 'type' | 'target'>>): OfficeRubric => ({
  version: 1,
  kind,
  tolerance: 0.01,
  perturbations: 3,
  checks: checks.map((c, i) => ({ id: `c${i}`, label: `${c.type} ${c.target}`, weight: 1, enabled: true, params: {}, ...c })),
});

function scoreOf(result: Awaited<ReturnType<typeof evaluateFiles>>, type: string): number {
  const check = result.checks.find((c) => c.type === type);
  if (!check) throw new Error(`no ${type} check`);
  return check.score;
}

// ---------- Spreadsheets ----------

const MARKS = [78, 92, 65, 88, 71];
const totalIn = (a7: CellSpec, name = 'Sheet1'): SheetSpec[] => [{ name, rows: [[{ v: 'Marks', bold: true }], ...MARKS.map((m) => [m]), [a7]] }];

describe('spreadsheet checks', () => {
  let solution: Uint8Array;
  let rubric: OfficeRubric;
  beforeAll(async () => {
    solution = await buildWorkbook(totalIn({ f: 'SUM(A2:A6)' }));
    rubric = await draftRubric('xlsx', solution);
  });

  it('drafts a rubric from the solution that the solution itself meets in full', async () => {
    expect(rubric.checks.map((c) => c.type).sort()).toEqual(['cellStyle', 'cellValue', 'formula', 'functionUsed', 'sheetName']);
    const self = await evaluateFiles('xlsx', solution, solution, rubric);
    expect(self).toMatchObject({ percentage: 100, unmatched: [] });
  });

  it('gives full marks to a correct answer written differently (A2+A3+…+A6 for SUM(A2:A6)), except the function the solution used', async () => {
    const added = await buildWorkbook(totalIn({ f: 'A2+A3+A4+A5+A6' }));
    const result = await evaluateFiles('xlsx', added, solution, rubric);
    expect(scoreOf(result, 'formula')).toBe(1);
    expect(scoreOf(result, 'cellValue')).toBe(1);
    expect(result.unmatched).toEqual(['Uses SUM']);
    // Without the function check, it is 100.
    const noFunction = { ...rubric, checks: rubric.checks.filter((c) => c.type !== 'functionUsed') };
    expect((await evaluateFiles('xlsx', added, solution, noFunction)).percentage).toBe(100);
  });

  it('takes the formula marks away from a typed value, even when it is the right number', async () => {
    const typed = await buildWorkbook(totalIn(394));
    const result = await evaluateFiles('xlsx', typed, solution, rubric);
    expect(scoreOf(result, 'formula')).toBe(0);
    expect(result.unmatched).toContain('Sheet1!A7 formula');
    expect(result.percentage).toBeLessThan(100);
  });

  it('catches a formula that gives the right total only for these marks (perturbation)', async () => {
    // 394 = 78 + 92 + 65 + 88 + 71; A2*5+4 also gives 394 here, but not once the marks change.
    const lucky = await buildWorkbook(totalIn({ f: 'A2*5+4' }));
    const result = await evaluateFiles('xlsx', lucky, solution, rubric);
    expect(scoreOf(result, 'formula')).toBe(0);
    const check = result.checks.find((c) => c.type === 'formula')!;
    expect(check.expected).toContain('follows its inputs');
  });

  it('recalculates formulas whatever cached value the file carries', async () => {
    const lying = await buildWorkbook(totalIn({ f: 'SUM(A2:A5)', v: 394 }));
    const result = await evaluateFiles('xlsx', lying, solution, rubric);
    expect(scoreOf(result, 'formula')).toBe(0);
    expect(result.checks.find((c) => c.type === 'formula')!.actual).toContain('323');
  });

  it('compares numbers within the tolerance and names a missing sheet', async () => {
    const wb = await buildWorkbook([{ name: 'Data', rows: [[1.004, 'Apple']] }]);
    const sol = await buildWorkbook([{ name: 'Data', rows: [[1, 'apple ']] }]);
    const r = rubricOf('xlsx', [{ type: 'cellValue', target: 'Data!A1:B1' }, { type: 'sheetName', target: 'Data' }, { type: 'sheetName', target: 'Summary' }]);
    const result = await evaluateFiles('xlsx', wb, sol, r);
    expect(result.checks.map((c) => c.score)).toEqual([1, 1, 0]);
    const strict = await evaluateFiles('xlsx', wb, sol, { ...r, tolerance: 0.001 });
    expect(strict.checks[0]!.score).toBe(0.5);
  });

  it('checks absolute references, number formats and basic styles', async () => {
    const sheet = (f: string, fmt?: string, bold = false): SheetSpec[] => [
      { name: 'S', rows: [[{ v: 'Max', bold }, 720], [300, { f, ...(fmt ? { numFmt: fmt } : {}) }]] },
    ];
    const sol = await buildWorkbook(sheet('A2/$B$1*100', '0.00', true));
    const r = rubricOf('xlsx', [
      { type: 'absoluteRef', target: 'S!B2' },
      { type: 'numberFormat', target: 'S!B2' },
      { type: 'cellStyle', target: 'S!A1', params: { props: ['bold'] } },
      { type: 'formula', target: 'S!B2' },
    ]);
    const good = await evaluateFiles('xlsx', await buildWorkbook(sheet('100*A2/$B$1', '0.00', true)), sol, r);
    expect(good.percentage).toBe(100);
    const relative = await evaluateFiles('xlsx', await buildWorkbook(sheet('A2/B1*100')), sol, r);
    expect(relative.checks.map((c) => c.passed)).toEqual([false, false, false, true]);
  });

  it('compares charts by type and data range', async () => {
    const withChart = (type: 'bar' | 'pie', values: string) =>
      buildWorkbook([{ name: 'Marks', rows: [['A', 1], ['B', 2]], chart: { type, title: 'T', categories: 'Marks!$A$1:$A$2', values, seriesName: 'S' } }]);
    const sol = await withChart('bar', 'Marks!$B$1:$B$2');
    const r = await draftRubric('xlsx', sol);
    expect(r.checks.find((c) => c.type === 'chart')?.params).toMatchObject({ chartType: 'barChart', values: 'marks!b1:b2' });
    expect(scoreOf(await evaluateFiles('xlsx', sol, sol, r), 'chart')).toBe(1);
    expect(scoreOf(await evaluateFiles('xlsx', await withChart('pie', 'Marks!$B$1:$B$2'), sol, r), 'chart')).toBe(0.5);
    expect(scoreOf(await evaluateFiles('xlsx', await buildWorkbook([{ name: 'Marks', rows: [['A', 1], ['B', 2]] }]), sol, r), 'chart')).toBe(0);
  });
});

describe('files saved by LibreOffice', () => {
  it('score 100 against the rubric drafted from the code-made solution, for every demo question', async () => {
    for (const task of Object.values(DEMO_OFFICE_TASKS)) {
      const files = await demoOfficeFiles(task);
      const result = await evaluateFiles(task.kind, fixture(`${task.slug}-solution.${task.kind}`), files.solution, JSON.parse(files.rubric));
      expect({ task: task.slug, percentage: result.percentage, unmatched: result.unmatched }).toEqual({ task: task.slug, percentage: 100, unmatched: [] });
    }
  });

  it('judge a total written as additions (full formula marks) and a typed total (none)', async () => {
    const files = await demoOfficeFiles(DEMO_OFFICE_TASKS['sheet-total']!);
    const rubric = JSON.parse(files.rubric) as OfficeRubric;
    const added = await evaluateFiles('xlsx', fixture('sheet-total-added.xlsx'), files.solution, rubric);
    expect(scoreOf(added, 'formula')).toBe(1);
    const typed = await evaluateFiles('xlsx', fixture('sheet-total-typed.xlsx'), files.solution, rubric);
    expect(scoreOf(typed, 'formula')).toBe(0);
    expect(typed.percentage).toBeLessThan(added.percentage);
  });
});

describe('files written by the built-in spreadsheet editor', () => {
  it('the demo spreadsheets the editor\'s tests read are the ones made now', async () => {
    for (const task of Object.values(DEMO_OFFICE_TASKS).filter((t) => t.kind === 'xlsx')) {
      for (const which of ['start', 'solution'] as const) {
        // Part by part (the zip's own entry times differ from run to run).
        const parts = (bytes: Uint8Array) => Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, part]) => [name, strFromU8(part)]));
        expect(parts(fixture(`demo/${task.slug}-${which}.xlsx`)), `${task.slug}-${which}: write the demo files again into test/fixtures/office/demo`).toEqual(parts(await task[which]()));
      }
    }
  });

  it('score a correct total made in the editor (the demo start file, =SUM(A2:A6) in A7) at 100 %', async () => {
    const files = await demoOfficeFiles(DEMO_OFFICE_TASKS['sheet-total']!);
    const result = await evaluateFiles('xlsx', fixture('sheet-total-editor.xlsx'), files.solution, JSON.parse(files.rubric));
    expect({ percentage: result.percentage, unmatched: result.unmatched }).toEqual({ percentage: 100, unmatched: [] });
  });
});

// ---------- Documents ----------

describe('document checks', () => {
  it('reads headings through style inheritance, run formatting, alignment, lists, tables, pictures and page setup', async () => {
    const sol = await buildDocument([
      { heading: 'Aim' },
      { text: [{ text: 'Water moves by ' }, { text: 'osmosis', bold: true }], align: 'center' },
      { bullets: ['Potato', 'Salt'] },
      { numbered: ['Cut', 'Measure'] },
      { table: [['A', 'B'], ['1', '2']] },
      { image: tinyPng(), width: 40, height: 40 },
    ]);
    const rubric = await draftRubric('docx', sol);
    const types = new Set(rubric.checks.map((c) => c.type));
    for (const t of ['heading', 'text', 'runFormat', 'alignment', 'list', 'table', 'image', 'pageSetup']) expect(types, t).toContain(t);
    expect((await evaluateFiles('docx', sol, sol, rubric)).percentage).toBe(100);

    const plain = await buildDocument([{ text: 'Aim' }, { text: 'Water moves by osmosis' }, { text: 'Potato' }, { text: 'Salt' }, { text: 'Cut' }, { text: 'Measure' }], { orientation: 'landscape' });
    const result = await evaluateFiles('docx', plain, sol, rubric);
    const failed = new Set(result.checks.filter((c) => !c.passed).map((c) => c.type));
    for (const t of ['heading', 'runFormat', 'alignment', 'list', 'table', 'image', 'pageSetup']) expect(failed, t).toContain(t);
    expect(result.checks.filter((c) => c.type === 'text').every((c) => c.passed)).toBe(true);
  });

  it('counts a heading style based on Heading 1 as a level-1 heading (basedOn chain)', async () => {
    const sol = await buildDocument([{ heading: 'Result' }]);
    const rubric = await draftRubric('docx', sol);
    // A document whose "Result" paragraph uses a custom style based on Heading1.
    const files = unpack(sol);
    const styles = new TextDecoder().decode(files.get('word/styles.xml'));
    const doc = new TextDecoder().decode(files.get('word/document.xml'));
    const custom = '<w:style w:type="paragraph" w:styleId="MyHeading"><w:name w:val="My heading"/><w:basedOn w:val="Heading1"/></w:style>';
    const out: Record<string, Uint8Array> = {};
    for (const [name, data] of files) out[name] = data;
    out['word/styles.xml'] = strToU8(styles.replace('</w:styles>', `${custom}</w:styles>`));
    out['word/document.xml'] = strToU8(doc.replace(/<w:pStyle w:val="Heading1"\/>/, '<w:pStyle w:val="MyHeading"/>'));
    const result = await evaluateFiles('docx', zipSync(out), sol, rubric);
    expect(scoreOf(result, 'heading')).toBe(1);
  });
});

// ---------- Presentations ----------

describe('presentation checks', () => {
  it('checks slide count and order, titles, layouts, bullet levels, pictures, tables and notes', async () => {
    const sol = await buildPresentation([
      { layout: 'title', title: 'Photosynthesis' },
      { layout: 'content', title: 'Raw materials', bullets: ['Water', { text: 'from roots', level: 1 }], notes: 'Say it slowly.' },
      { layout: 'content', title: 'Stages', table: [['A', 'B'], ['1', '2']], image: { data: tinyPng() } },
    ]);
    const rubric = await draftRubric('pptx', sol);
    const types = new Set(rubric.checks.map((c) => c.type));
    for (const t of ['slideCount', 'slideTitle', 'slideLayout', 'bullets', 'picture', 'table', 'notes']) expect(types, t).toContain(t);
    expect((await evaluateFiles('pptx', sol, sol, rubric)).percentage).toBe(100);

    // Slides swapped, the sub-point at the top level, no notes.
    const student = await buildPresentation([
      { layout: 'title', title: 'Photosynthesis' },
      { layout: 'content', title: 'Stages', table: [['A', 'B'], ['1', '2']], image: { data: tinyPng() } },
      { layout: 'content', title: 'Raw materials', bullets: ['Water', 'from roots'] },
    ]);
    const result = await evaluateFiles('pptx', student, sol, rubric);
    const title2 = result.checks.find((c) => c.type === 'slideTitle' && c.label.startsWith('Slide 2'))!;
    expect(title2.score).toBe(0.5);
    expect(result.checks.find((c) => c.type === 'notes')!.passed).toBe(false);
    expect(result.checks.find((c) => c.type === 'picture')!.passed).toBe(false);
    expect(result.percentage).toBeLessThan(100);
  });
});

// ---------- Package safety and stamps ----------

describe('unsafe and wrong files', () => {
  it('refuses an empty file, a non-zip, an encrypted (CFB) file and the wrong kind, saying which', async () => {
    const problem = (bytes: Uint8Array, kind: 'xlsx' | 'docx' = 'xlsx') => {
      try {
        openPackage(bytes, kind);
        return 'ok';
      } catch (error) {
        return (error as OfficeFileError).problem;
      }
    };
    expect(problem(new Uint8Array())).toBe('empty');
    expect(problem(strToU8('%PDF-1.7 not a workbook'))).toBe('notOoxml');
    expect(problem(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]))).toBe('encrypted');
    expect(problem(await buildDocument([{ text: 'x' }]))).toBe('wrongKind');
    expect(problem(zipSync({ 'hello.txt': strToU8('hi') }))).toBe('notOoxml');
    expect(problem(await buildWorkbook([{ name: 'S', rows: [[1]] }]), 'docx')).toBe('wrongKind');
  });

  it('refuses a zip bomb before inflating it (declared size and ratio)', () => {
    const huge = zipSync({ '[Content_Types].xml': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(huge.length).toBeLessThan(64 * 1024);
    expect(() => unpack(huge)).toThrow(/suspiciously|too large/);
  });

  it('refuses XML with a DTD (no entity expansion)', async () => {
    const files = unpack(await buildWorkbook([{ name: 'S', rows: [[1]] }]));
    const out: Record<string, Uint8Array> = {};
    for (const [name, data] of files) out[name] = data;
    out['xl/workbook.xml'] = strToU8(`<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>${new TextDecoder().decode(files.get('xl/workbook.xml')).replace(/^<\?xml[^>]*>/, '')}`);
    expect(() => openPackage(zipSync(out), 'xlsx')).toThrow(/DTD/);
  });

  it('stamps a copy with its attempt and question, keeping the file readable', async () => {
    const wb = await buildWorkbook(totalIn({ f: 'SUM(A2:A6)' }));
    expect(readStamp(openPackage(wb, 'xlsx'))).toBeNull();
    const stamped = applyStamp(openPackage(wb, 'xlsx'), { attemptId: 'a-1', questionId: 7 });
    const pkg = openPackage(stamped, 'xlsx');
    expect(readStamp(pkg)).toEqual({ attemptId: 'a-1', questionId: 7 });
    const again = applyStamp(pkg, { attemptId: 'a-2', questionId: 8 });
    expect(readStamp(openPackage(again, 'xlsx'))).toEqual({ attemptId: 'a-2', questionId: 8 });
    expect((await evaluateFiles('xlsx', again, wb, await draftRubric('xlsx', wb))).percentage).toBe(100);
  });
});

describe('the worker evaluator', () => {
  it('evaluates in a worker thread and stops one past its time limit', async () => {
    const files = await demoOfficeFiles(DEMO_OFFICE_TASKS['sheet-total']!);
    const worker = createWorkerEvaluator({ timeoutMs: 60_000 });
    const self = await worker.evaluate({ kind: 'xlsx', student: files.solution, solution: files.solution, rubric: JSON.parse(files.rubric) });
    expect(self.percentage).toBe(100);
    await expect(worker.evaluate({ kind: 'xlsx', student: strToU8('nope'), solution: files.solution, rubric: null })).rejects.toMatchObject({ problem: 'notOoxml' });
    const hasty = createWorkerEvaluator({ timeoutMs: 1 });
    await expect(hasty.evaluate({ kind: 'xlsx', student: files.solution, solution: files.solution, rubric: null })).rejects.toBeInstanceOf(EvaluationTimeoutError);
  }, 60_000);
});
