import type { OfficeCheckResult, OfficeRubric, OfficeRubricCheck } from '@app/contracts';
import { officeText } from './office.labels.js';
import {
  absoluteRefsIn,
  addressOf,
  Calculator,
  cellKey,
  colLetters,
  functionsIn,
  normaliseRef,
  overrideKey,
  parseTarget,
  type CellValue,
  type XCell,
  type XSheet,
  type XWorkbook,
} from './office.xlsx.js';

/** Spreadsheet checks: what a rubric compares between the student's workbook and the solution. */

export function describe(value: CellValue): string {
  if (value === null) return '(empty)';
  if (typeof value === 'number') return String(Math.round(value * 1e6) / 1e6);
  return String(value);
}

export function sameValue(a: CellValue, b: CellValue, tolerance: number): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= tolerance + 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '' && Number.isFinite(Number(b))) return Math.abs(a - Number(b)) <= tolerance;
  if (typeof b === 'number' && typeof a === 'string' && a.trim() !== '' && Number.isFinite(Number(a))) return Math.abs(b - Number(a)) <= tolerance;
  const na = a === null ? '' : String(a).trim().toLowerCase();
  const nb = b === null ? '' : String(b).trim().toLowerCase();
  return na === nb;
}

interface Pair {
  sol: Calculator;
  stu: Calculator;
}

/** The student's sheet matching a solution sheet: same name (any case), else the same position. */
function studentSheet(pair: Pair, solSheet: XSheet): XSheet | undefined {
  const byName = pair.stu.sheet(solSheet.name);
  if (byName) return byName;
  const index = pair.sol.workbook.sheets.indexOf(solSheet);
  return pair.stu.workbook.sheets[index];
}

function solutionSheet(pair: Pair, name: string | null): XSheet | undefined {
  return name ? pair.sol.sheet(name) : pair.sol.workbook.sheets[0];
}

function cellsIn(sheet: XSheet, target: ReturnType<typeof parseTarget>): XCell[] {
  if (!target) return [];
  const out: XCell[] = [];
  for (let r = target.from.row; r <= target.to.row; r++) {
    for (let c = target.from.col; c <= target.to.col; c++) {
      const cell = sheet.cells.get(cellKey(r, c));
      if (cell) out.push(cell);
    }
  }
  return out;
}

function result(check: OfficeRubricCheck, score: number, expected: string | null, actual: string | null): OfficeCheckResult {
  const s = Math.max(0, Math.min(1, score));
  return { id: check.id, type: check.type, label: check.label, weight: check.weight, passed: s >= 1 - 1e-9, score: s, expected, actual };
}

/** Cells of one formula check whose outputs are followed through the perturbation trials. */
const PERTURBED_CELLS_MAX = 12;

/** The perturbed value of an input cell in trial t (deterministic; differs per cell). */
function perturb(value: number, trial: number, index: number): number {
  return Math.round((value * (1 + 0.13 * trial) + 3 * trial + ((index * 7 + trial * 3) % 11) + 1) * 100) / 100;
}

export function evaluateXlsx(student: XWorkbook, solution: XWorkbook, rubric: OfficeRubric): OfficeCheckResult[] {
  const pair: Pair = { sol: new Calculator(solution), stu: new Calculator(student) };
  const out: OfficeCheckResult[] = [];
  for (const check of rubric.checks) {
    if (!check.enabled) continue;
    out.push(runCheck(pair, check, rubric));
  }
  return out;
}

function runCheck(pair: Pair, check: OfficeRubricCheck, rubric: OfficeRubric): OfficeCheckResult {
  const tolerance = typeof check.params['tolerance'] === 'number' ? (check.params['tolerance'] as number) : rubric.tolerance;
  if (check.type === 'sheetName') {
    const found = pair.stu.workbook.sheets.find((s) => s.name.trim().toLowerCase() === check.target.trim().toLowerCase());
    return result(check, found ? 1 : 0, check.target, pair.stu.workbook.sheets.map((s) => s.name).join(', ') || null);
  }
  if (check.type === 'chart') return chartCheck(pair, check);
  if (check.type === 'functionUsed') {
    const fn = String(check.params['function'] ?? check.target).toUpperCase();
    const target = check.target.includes('!') || /\d/.test(check.target) ? parseTarget(check.target) : null;
    const used = new Set<string>();
    for (const sheet of pair.stu.workbook.sheets) {
      if (target?.sheet && sheet.name.toLowerCase() !== target.sheet.toLowerCase()) continue;
      const cells = target ? cellsIn(sheet, target) : [...sheet.cells.values()];
      for (const c of cells) if (c.formula) for (const f of functionsIn(c.formula)) used.add(f);
    }
    return result(check, used.has(fn) ? 1 : 0, fn, used.size ? [...used].sort().join(', ') : null);
  }
  const target = parseTarget(check.target);
  const solSheet = solutionSheet(pair, target?.sheet ?? null);
  if (!target || !solSheet) return result(check, 0, check.target, null);
  const stuSheet = studentSheet(pair, solSheet);
  const solCells = cellsIn(solSheet, target);
  if (solCells.length === 0) return result(check, 1, null, null);
  const stuCell = (c: XCell) => stuSheet?.cells.get(cellKey(c.row, c.col));
  const where = (c: XCell) => `${solSheet.name}!${addressOf(c.row, c.col)}`;

  switch (check.type) {
    case 'cellValue': {
      let ok = 0;
      let firstMiss: { e: string; a: string } | null = null;
      for (const c of solCells) {
        const expected = pair.sol.valueAt(solSheet.name, c.row, c.col);
        const actual = stuSheet ? pair.stu.valueAt(stuSheet.name, c.row, c.col) : null;
        if (sameValue(expected, actual, tolerance)) ok += 1;
        else firstMiss ??= { e: `${where(c)} = ${describe(expected)}`, a: describe(actual) };
      }
      return result(check, ok / solCells.length, firstMiss?.e ?? null, firstMiss?.a ?? null);
    }
    case 'formula': {
      const formulaCells = solCells.filter((c) => c.formula);
      if (formulaCells.length === 0) return result(check, 1, null, null);
      const trials = Math.max(0, rubric.perturbations);
      // Perturbation follows a spread sample of a long range's cells (every cell still needs a
      // formula and the right value): each trial recalculates them in both workbooks.
      const sample = formulaCells.length <= PERTURBED_CELLS_MAX ? formulaCells : Array.from({ length: PERTURBED_CELLS_MAX }, (_, i) => formulaCells[Math.floor((i * formulaCells.length) / PERTURBED_CELLS_MAX)]!);
      const inputs = new Map<string, { sheet: string; row: number; col: number; value: number }>();
      for (const c of sample) {
        for (const i of pair.sol.numericInputs(solSheet.name, c.row, c.col)) {
          const v = pair.sol.sheet(i.sheet)?.cells.get(cellKey(i.row, i.col))?.value;
          if (typeof v === 'number') inputs.set(overrideKey(i.sheet, i.row, i.col), { ...i, value: v });
        }
      }
      const passing = new Map<XCell, boolean>();
      let firstMiss: { e: string; a: string } | null = null;
      for (const c of formulaCells) {
        const s = stuCell(c);
        const hasFormula = !!s?.formula;
        const expected = pair.sol.valueAt(solSheet.name, c.row, c.col);
        const actual = stuSheet ? pair.stu.valueAt(stuSheet.name, c.row, c.col) : null;
        const ok = hasFormula && sameValue(expected, actual, tolerance);
        passing.set(c, ok);
        if (!ok && !firstMiss) {
          firstMiss = hasFormula
            ? { e: `${where(c)} = ${describe(expected)} (=${c.formula})`, a: `${describe(actual)} (=${s!.formula})` }
            : { e: `${where(c)}: a formula (=${c.formula})`, a: s ? `a typed value ${describe(s.value)}` : '(empty)' };
        }
      }
      const inputList = [...inputs.values()];
      for (let t = 1; t <= trials && inputList.length > 0; t++) {
        const solOverrides = new Map<string, number>();
        const stuOverrides = new Map<string, number>();
        inputList.forEach((i, index) => {
          const v = perturb(i.value, t, index);
          solOverrides.set(overrideKey(i.sheet, i.row, i.col), v);
          // The same cells of the student's matching sheet.
          const solS = pair.sol.sheet(i.sheet);
          const stuS = solS ? studentSheet(pair, solS) : undefined;
          stuOverrides.set(overrideKey(stuS?.name ?? i.sheet, i.row, i.col), v);
        });
        pair.sol.setOverrides(solOverrides);
        pair.stu.setOverrides(stuOverrides);
        for (const c of sample) {
          if (!passing.get(c)) continue;
          const expected = pair.sol.valueAt(solSheet.name, c.row, c.col);
          const actual = stuSheet ? pair.stu.valueAt(stuSheet.name, c.row, c.col) : null;
          if (!sameValue(expected, actual, tolerance)) {
            passing.set(c, false);
            firstMiss ??= { e: `${where(c)} follows its inputs (=${c.formula})`, a: `=${stuCell(c)?.formula ?? ''} does not` };
          }
        }
      }
      pair.sol.setOverrides(new Map());
      pair.stu.setOverrides(new Map());
      const ok = [...passing.values()].filter(Boolean).length;
      return result(check, ok / formulaCells.length, firstMiss?.e ?? null, firstMiss?.a ?? null);
    }
    case 'absoluteRef': {
      const cells = solCells.filter((c) => c.formula && absoluteRefsIn(c.formula).length > 0);
      if (cells.length === 0) return result(check, 1, null, null);
      let ok = 0;
      let firstMiss: { e: string; a: string } | null = null;
      for (const c of cells) {
        const want = absoluteRefsIn(c.formula!);
        const got = new Set(absoluteRefsIn(stuCell(c)?.formula ?? ''));
        if (want.every((r) => got.has(r))) ok += 1;
        else firstMiss ??= { e: `${where(c)}: ${want.join(', ')}`, a: got.size ? [...got].join(', ') : (stuCell(c)?.formula ?? '(no formula)') };
      }
      return result(check, ok / cells.length, firstMiss?.e ?? null, firstMiss?.a ?? null);
    }
    case 'numberFormat': {
      const cells = solCells.filter((c) => c.numFmt);
      if (cells.length === 0) return result(check, 1, null, null);
      const fmt = (f: string | null | undefined) => (f ?? 'General').replace(/["\\]/g, '').replace(/;@$/, '').trim().toLowerCase();
      let ok = 0;
      let firstMiss: { e: string; a: string } | null = null;
      for (const c of cells) {
        const got = stuCell(c)?.numFmt;
        if (fmt(got) === fmt(c.numFmt)) ok += 1;
        else firstMiss ??= { e: `${where(c)}: ${c.numFmt}`, a: got ?? 'General' };
      }
      return result(check, ok / cells.length, firstMiss?.e ?? null, firstMiss?.a ?? null);
    }
    case 'cellStyle': {
      const props = (Array.isArray(check.params['props']) ? (check.params['props'] as string[]) : ['bold', 'italic', 'underline', 'fill', 'hAlign']).filter((p) =>
        ['bold', 'italic', 'underline', 'fill', 'hAlign'].includes(p),
      ) as Array<'bold' | 'italic' | 'underline' | 'fill' | 'hAlign'>;
      let ok = 0;
      let firstMiss: { e: string; a: string } | null = null;
      for (const c of solCells) {
        const s = stuCell(c);
        const miss = props.find((p) => {
          const want = c[p];
          const got = s ? s[p] : p === 'fill' || p === 'hAlign' ? null : false;
          // A fill only needs to be there (colours differ between apps' palettes).
          if (p === 'fill') return !!want !== !!got;
          return (want ?? null) !== (got ?? null);
        });
        if (!miss) ok += 1;
        else firstMiss ??= { e: `${where(c)} ${miss}: ${String(c[miss] ?? 'none')}`, a: String((s ? s[miss] : null) ?? 'none') };
      }
      return result(check, ok / solCells.length, firstMiss?.e ?? null, firstMiss?.a ?? null);
    }
    default:
      return result(check, 0, `unknown check ${check.type}`, null);
  }
}

function chartCheck(pair: Pair, check: OfficeRubricCheck): OfficeCheckResult {
  const solSheet = pair.sol.sheet(check.target) ?? pair.sol.workbook.sheets[0];
  const wantType = String(check.params['chartType'] ?? solSheet?.charts[0]?.types[0] ?? '');
  const wantValues = String(check.params['values'] ?? '')
    .split(',')
    .map((r) => normaliseRef(r))
    .filter((r): r is string => !!r);
  const stuSheet = solSheet ? studentSheet(pair, solSheet) : undefined;
  const candidates = [...(stuSheet?.charts ?? []), ...pair.stu.workbook.sheets.filter((s) => s !== stuSheet).flatMap((s) => s.charts)];
  let best = 0;
  let bestDesc: string | null = null;
  for (const chart of candidates) {
    const typeOk = chart.types.includes(wantType);
    const values = new Set(chart.series.map((s) => s.val).filter((v): v is string => !!v));
    const valuesOk = wantValues.length === 0 ? 1 : wantValues.filter((v) => values.has(v)).length / wantValues.length;
    const score = (typeOk ? 0.5 : 0) + 0.5 * valuesOk;
    if (score > best || bestDesc === null) {
      best = Math.max(best, score);
      bestDesc = `${chart.types.join('+')} of ${[...values].join(', ') || 'no data'}`;
    }
  }
  return result(check, best, `${wantType} of ${wantValues.join(', ')}`, bestDesc);
}

// ---------- Drafting ----------

/** Contiguous runs of rows in one column: [[r1, r2], …]. */
function runsOf(rows: number[]): Array<[number, number]> {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r === last[1] + 1) last[1] = r;
    else out.push([r, r]);
  }
  return out;
}

function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

function groupedTargets(sheet: XSheet, select: (c: XCell) => boolean): string[] {
  const byCol = new Map<number, number[]>();
  for (const c of sheet.cells.values()) if (select(c)) byCol.set(c.col, [...(byCol.get(c.col) ?? []), c.row]);
  const out: string[] = [];
  for (const col of [...byCol.keys()].sort((a, b) => a - b)) {
    for (const [a, b] of runsOf(byCol.get(col)!)) {
      const letters = colLetters(col);
      out.push(`${quoteSheet(sheet.name)}!${letters}${a}${b > a ? `:${letters}${b}` : ''}`);
    }
  }
  return out;
}

/** A rubric drafted from a solution workbook: every sheet, its values, formulas, functions, formats, styles and charts. */
export function draftXlsx(solution: XWorkbook): OfficeRubricCheck[] {
  const checks: OfficeRubricCheck[] = [];
  let n = 0;
  const add = (type: OfficeRubricCheck['type'], target: string, label: string, weight: number, params: OfficeRubricCheck['params'] = {}) => {
    checks.push({ id: `${type}-${++n}`, type, target, label, weight, enabled: true, params });
  };
  const functions = new Set<string>();
  for (const sheet of solution.sheets) {
    add('sheetName', sheet.name, officeText('sheetName', { a: sheet.name }).en, 1);
    const hasContent = (c: XCell) => c.value !== null && c.value !== '';
    for (const t of groupedTargets(sheet, (c) => !c.formula && hasContent(c))) add('cellValue', t, officeText('cellValue', { a: t }).en, 1);
    for (const t of groupedTargets(sheet, (c) => !!c.formula)) add('formula', t, officeText('formula', { a: t }).en, 3);
    for (const c of sheet.cells.values()) if (c.formula) for (const f of functionsIn(c.formula)) functions.add(f);
    for (const t of groupedTargets(sheet, (c) => !!c.formula && absoluteRefsIn(c.formula).length > 0)) add('absoluteRef', t, officeText('absoluteRef', { a: t }).en, 1);
    for (const t of groupedTargets(sheet, (c) => !!c.numFmt)) add('numberFormat', t, officeText('numberFormat', { a: t }).en, 1);
    for (const t of groupedTargets(sheet, (c) => c.bold || c.italic || c.underline || !!c.fill || !!c.hAlign)) {
      add('cellStyle', t, officeText('cellStyle', { a: t }).en, 0.5, { props: ['bold', 'italic', 'underline', 'fill', 'hAlign'] });
    }
    sheet.charts.forEach((chart, i) => {
      const type = chart.types[0] ?? 'barChart';
      add('chart', sheet.name, officeText('chart', { a: sheet.name, b: i + 1, c: type.replace(/Chart$/, '') }).en, 2, {
        chartType: type,
        values: chart.series.map((s) => s.val ?? '').filter(Boolean).join(','),
      });
    });
  }
  for (const f of [...functions].sort()) add('functionUsed', f, officeText('functionUsed', { a: f }).en, 1, { function: f });
  return checks;
}
