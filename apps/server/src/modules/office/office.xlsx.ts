import ExcelJS from 'exceljs';
import FormulaParser from 'fast-formula-parser';
import { zipSync } from 'fflate';
import { arr, openPackage, type OfficePackage, type XmlNode } from './office.package.js';

/**
 * A workbook as the evaluator reads it: each sheet's cells (constant or formula, number format,
 * basic style) and charts. Cells are read by exceljs from the size-checked parts (stored again
 * uncompressed, so exceljs never inflates anything itself); charts, which exceljs does not read,
 * from their parts. Formulas are recalculated by fast-formula-parser: files saved by a browser
 * editor carry no cached values.
 */

export type CellValue = number | string | boolean | null;

export interface XCell {
  row: number;
  col: number;
  /** A constant, or a formula's cached value (often missing). */
  value: CellValue;
  formula: string | null;
  numFmt: string | null;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  fill: string | null;
  hAlign: string | null;
}

export interface XChart {
  /** Plot types in the chart (barChart, lineChart, pieChart, …); a bar chart also has its direction. */
  types: string[];
  barDir: string | null;
  /** Each series' value and category ranges as written (normalised: no $, no quotes). */
  series: Array<{ val: string | null; cat: string | null }>;
}

export interface XSheet {
  name: string;
  cells: Map<string, XCell>;
  charts: XChart[];
}

export interface XWorkbook {
  sheets: XSheet[];
}

export function cellKey(row: number, col: number): string {
  return `${row},${col}`;
}

export function colLetters(col: number): string {
  let s = '';
  let n = col;
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export function addressOf(row: number, col: number): string {
  return `${colLetters(col)}${row}`;
}

export function parseAddress(address: string): { row: number; col: number } | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(address.trim());
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]), col };
}

/** "Sheet1!B2:B6", "'Marks 2024'!C3" or "B2" → sheet (may be null) and the cell range. */
export function parseTarget(target: string): { sheet: string | null; from: { row: number; col: number }; to: { row: number; col: number } } | null {
  const bang = target.lastIndexOf('!');
  let sheet: string | null = null;
  let ref = target;
  if (bang >= 0) {
    sheet = target.slice(0, bang).replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
    ref = target.slice(bang + 1);
  }
  const [a, b] = ref.split(':');
  const from = parseAddress(a ?? '');
  const to = b === undefined ? from : parseAddress(b);
  if (!from || !to) return null;
  return { sheet, from: { row: Math.min(from.row, to.row), col: Math.min(from.col, to.col) }, to: { row: Math.max(from.row, to.row), col: Math.max(from.col, to.col) } };
}

export function normaliseRef(ref: string | null): string | null {
  if (!ref) return null;
  return ref.replace(/\$/g, '').replace(/'/g, '').replace(/\s+/g, '').toLowerCase();
}

function argbOf(color: unknown): string | null {
  const c = color as { argb?: string; theme?: number } | undefined;
  if (!c) return null;
  if (c.argb) return c.argb.toUpperCase().slice(-6);
  if (c.theme !== undefined) return `theme${c.theme}`;
  return null;
}

function constantOf(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.getTime() / 86_400_000 + 25_569;
  const v = value as { richText?: Array<{ text: string }>; text?: string; error?: string; result?: unknown };
  if (v.richText) return v.richText.map((r) => r.text).join('');
  if (typeof v.text === 'string') return v.text;
  if (v.error) return v.error;
  return null;
}

/** Reads a workbook's cells and charts. The bytes are checked first (size, ratio, DTD, main part). */
export async function readWorkbook(bytes: Uint8Array): Promise<XWorkbook> {
  const pkg = openPackage(bytes, 'xlsx');
  const stored: Record<string, Uint8Array> = {};
  for (const name of pkg.names()) stored[name] = pkg.bytes(name)!;
  const workbook = new ExcelJS.Workbook();
  // Stored without compression: exceljs re-reads parts whose sizes were already checked.
  await workbook.xlsx.load(Buffer.from(zipSync(stored, { level: 0 })) as unknown as ExcelJS.Buffer);
  const charts = readCharts(pkg);
  const sheets: XSheet[] = [];
  workbook.eachSheet((ws) => {
    const cells = new Map<string, XCell>();
    ws.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (cell.isMerged && cell.master !== cell) return;
        const raw = cell.value as ExcelJS.CellValue;
        let formula: string | null = null;
        let value: CellValue;
        if (cell.type === ExcelJS.ValueType.Formula) {
          formula = cell.formula || null;
          value = constantOf((raw as { result?: ExcelJS.CellValue }).result ?? null);
        } else {
          value = constantOf(raw);
        }
        const font = cell.font ?? {};
        const fill = cell.fill as { type?: string; pattern?: string; fgColor?: unknown } | undefined;
        cells.set(cellKey(Number(cell.row), Number(cell.col)), {
          row: Number(cell.row),
          col: Number(cell.col),
          value,
          formula: formula ? formula.replace(/^=/, '') : null,
          numFmt: cell.numFmt && cell.numFmt !== 'General' ? cell.numFmt : null,
          bold: !!font.bold,
          italic: !!font.italic,
          underline: !!font.underline,
          fill: fill && fill.type === 'pattern' && fill.pattern && fill.pattern !== 'none' ? argbOf(fill.fgColor) : null,
          hAlign: cell.alignment?.horizontal && (cell.alignment.horizontal as string) !== 'general' ? cell.alignment.horizontal : null,
        });
      });
    });
    sheets.push({ name: ws.name, cells, charts: charts.get(ws.name) ?? [] });
  });
  return { sheets };
}

/** Charts per sheet name, from workbook.xml → sheet → drawing → chart parts. */
function readCharts(pkg: OfficePackage): Map<string, XChart[]> {
  const out = new Map<string, XChart[]>();
  const wb = pkg.xml('xl/workbook.xml', { arrays: ['sheet'] });
  const wbRels = pkg.rels('xl/workbook.xml');
  for (const sheet of arr(wb?.workbook?.sheets?.sheet)) {
    const rel = wbRels.get(String(sheet['@r:id']));
    if (!rel) continue;
    const charts: XChart[] = [];
    for (const drawingRel of pkg.rels(rel.target).values()) {
      if (!drawingRel.type.endsWith('/drawing')) continue;
      for (const chartRel of pkg.rels(drawingRel.target).values()) {
        if (!chartRel.type.endsWith('/chart')) continue;
        const chart = readChart(pkg.xml(chartRel.target, { arrays: ['c:ser'] }));
        if (chart) charts.push(chart);
      }
    }
    out.set(String(sheet['@name']), charts);
  }
  return out;
}

function readChart(doc: XmlNode): XChart | null {
  const plot = doc?.['c:chartSpace']?.['c:chart']?.['c:plotArea'];
  if (!plot) return null;
  const types: string[] = [];
  const series: XChart['series'] = [];
  let barDir: string | null = null;
  for (const [key, value] of Object.entries(plot)) {
    if (!key.startsWith('c:') || !key.endsWith('Chart')) continue;
    types.push(key.slice(2));
    for (const node of arr(value as XmlNode)) {
      if (key === 'c:barChart' || key === 'c:bar3DChart') barDir = String(node?.['c:barDir']?.['@val'] ?? 'col');
      for (const ser of arr(node?.['c:ser'])) {
        const ref = (n: XmlNode): string | null => {
          const f = n?.['c:numRef']?.['c:f'] ?? n?.['c:strRef']?.['c:f'];
          return f === undefined ? null : normaliseRef(typeof f === 'object' ? String(f['#text'] ?? '') : String(f));
        };
        series.push({ val: ref(ser['c:val'] ?? ser['c:yVal']), cat: ref(ser['c:cat'] ?? ser['c:xVal']) });
      }
    }
  }
  return { types, barDir, series };
}

// ---------- Recalculation ----------

type Overrides = Map<string, number>;

function sheetKey(name: string): string {
  return name.toLowerCase();
}

/**
 * Recalculates a workbook's formulas on demand (memoised per overrides set): values of cells
 * that hold formulas are computed, never taken from the file's cache.
 */
/**
 * One formula parser and one dependency parser per thread (building them costs tens of
 * milliseconds); the parser asks the calculator that is evaluating for cells and ranges.
 */
const evaluating: { calculator: Calculator | null } = { calculator: null };
let sharedParser: FormulaParser | null = null;
let sharedDeps: InstanceType<typeof FormulaParser.DepParser> | null = null;

function formulaParser(): FormulaParser {
  sharedParser ??= new FormulaParser({
    onCell: ({ sheet, row, col }) => evaluating.calculator!.valueAt(sheet, row, col),
    onRange: (ref) => evaluating.calculator!.rangeValues(ref.sheet, ref.from, ref.to),
  });
  return sharedParser;
}

function dependencyParser(): InstanceType<typeof FormulaParser.DepParser> {
  sharedDeps ??= new FormulaParser.DepParser({});
  return sharedDeps;
}

export class Calculator {
  private readonly sheets = new Map<string, XSheet>();
  private readonly extent = new Map<XSheet, { rows: number; cols: number }>();
  private memo = new Map<string, CellValue>();
  private readonly busy = new Set<string>();
  private overrides: Overrides = new Map();
  private readonly deps = dependencyParser();
  /** Cells evaluated in all (a runaway workbook is cut off). */
  private evaluations = 0;

  constructor(
    readonly workbook: XWorkbook,
    private readonly maxEvaluations = 200_000,
  ) {
    for (const sheet of workbook.sheets) {
      this.sheets.set(sheetKey(sheet.name), sheet);
      let rows = 0;
      let cols = 0;
      for (const c of sheet.cells.values()) {
        rows = Math.max(rows, c.row);
        cols = Math.max(cols, c.col);
      }
      this.extent.set(sheet, { rows, cols });
    }
  }

  /** A range's values (rows of cells), cut to the sheet's used area. */
  rangeValues(sheetName: string, from: { row: number; col: number }, to: { row: number; col: number }): unknown[][] {
    const s = this.sheets.get(sheetKey(sheetName));
    const maxRow = Math.min(to.row, this.lastRow(s));
    const maxCol = Math.min(to.col, this.lastCol(s));
    const rows: unknown[][] = [];
    for (let r = from.row; r <= maxRow; r++) {
      const line: unknown[] = [];
      for (let c = from.col; c <= maxCol; c++) line.push(this.valueAt(sheetName, r, c));
      rows.push(line);
    }
    return rows.length ? rows : [[null]];
  }

  sheet(name: string): XSheet | undefined {
    return this.sheets.get(sheetKey(name));
  }

  private lastRow(sheet: XSheet | undefined): number {
    return sheet ? (this.extent.get(sheet)?.rows ?? 0) : 0;
  }

  private lastCol(sheet: XSheet | undefined): number {
    return sheet ? (this.extent.get(sheet)?.cols ?? 0) : 0;
  }

  setOverrides(overrides: Overrides): void {
    this.overrides = overrides;
    this.memo = new Map();
  }

  /** The value of a cell now: an override, a constant, or its formula computed. */
  valueAt(sheetName: string, row: number, col: number): CellValue {
    const key = `${sheetKey(sheetName)}!${cellKey(row, col)}`;
    const override = this.overrides.get(key);
    if (override !== undefined) return override;
    if (this.memo.has(key)) return this.memo.get(key)!;
    const cell = this.sheets.get(sheetKey(sheetName))?.cells.get(cellKey(row, col));
    if (!cell) return null;
    if (!cell.formula) return cell.value;
    if (this.busy.has(key)) return '#REF!';
    this.evaluations += 1;
    if (this.evaluations > this.maxEvaluations) throw new Error('The workbook needs too many calculations.');
    this.busy.add(key);
    const previous = evaluating.calculator;
    evaluating.calculator = this;
    let result: CellValue;
    try {
      result = toCellValue(formulaParser().parse(cell.formula, { row, col, sheet: this.sheets.get(sheetKey(sheetName))!.name }));
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('The workbook needs too many')) throw error;
      result = '#VALUE!';
    } finally {
      evaluating.calculator = previous;
      this.busy.delete(key);
    }
    this.memo.set(key, result);
    return result;
  }

  /** The constant numeric cells a cell's value depends on (through other formulas), up to a limit. */
  numericInputs(sheetName: string, row: number, col: number, limit = 200): Array<{ sheet: string; row: number; col: number }> {
    const out = new Map<string, { sheet: string; row: number; col: number }>();
    const seen = new Set<string>();
    const stack = [{ sheet: sheetName, row, col }];
    while (stack.length && out.size < limit && seen.size < 5000) {
      const at = stack.pop()!;
      const key = `${sheetKey(at.sheet)}!${cellKey(at.row, at.col)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const s = this.sheets.get(sheetKey(at.sheet));
      const cell = s?.cells.get(cellKey(at.row, at.col));
      if (!s || !cell) continue;
      if (!cell.formula) {
        if (typeof cell.value === 'number' && !(at.sheet === sheetName && at.row === row && at.col === col)) out.set(key, { sheet: s.name, row: at.row, col: at.col });
        continue;
      }
      let refs: ReturnType<typeof this.deps.parse> = [];
      try {
        refs = this.deps.parse(cell.formula, { row: at.row, col: at.col, sheet: s.name });
      } catch {
        refs = [];
      }
      for (const ref of refs) {
        const refSheet = ref.sheet ?? s.name;
        if ('from' in ref) {
          const target = this.sheets.get(sheetKey(refSheet));
          const toRow = Math.min(ref.to.row, this.lastRow(target));
          const toCol = Math.min(ref.to.col, this.lastCol(target));
          for (let r = ref.from.row; r <= toRow; r++) for (let c = ref.from.col; c <= toCol; c++) stack.push({ sheet: refSheet, row: r, col: c });
        } else {
          stack.push({ sheet: refSheet, row: ref.row, col: ref.col });
        }
      }
    }
    return [...out.values()];
  }
}

function toCellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : '#NUM!';
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return toCellValue((value as unknown[][])[0]?.[0]);
  const e = value as { _error?: string; error?: string };
  if (typeof e._error === 'string') return e._error;
  if (typeof e.error === 'string') return e.error;
  return String(value);
}

export function overrideKey(sheet: string, row: number, col: number): string {
  return `${sheetKey(sheet)}!${cellKey(row, col)}`;
}

/** Function names a formula calls (SUM, AVERAGE, …), upper case. */
export function functionsIn(formula: string): string[] {
  const names = new Set<string>();
  const stripped = formula.replace(/"([^"]|"")*"/g, '""');
  for (const m of stripped.matchAll(/([A-Za-z][A-Za-z0-9._]*)\s*\(/g)) names.add(m[1]!.toUpperCase().replace(/^_XLFN\./, ''));
  return [...names];
}

/** Absolute references of a formula ($B$2, B$2, $B2 and ranges), normalised. */
export function absoluteRefsIn(formula: string): string[] {
  const stripped = formula.replace(/"([^"]|"")*"/g, '""');
  const refs = new Set<string>();
  for (const m of stripped.matchAll(/(\$?[A-Za-z]{1,3}\$?\d{1,7})(?::(\$?[A-Za-z]{1,3}\$?\d{1,7}))?/g)) {
    const whole = m[0];
    if (whole.includes('$')) refs.add(whole.toUpperCase());
  }
  return [...refs];
}
