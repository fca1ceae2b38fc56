import { api, type Cell, type Sheet } from '@fortune-sheet/core';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openWorkbook, writeWorkbook } from './sheet-file';

// The demo office questions' spreadsheet files, as the server makes them (a server test keeps these
// copies equal to what it makes), read through the built-in editor's reader.
const DEMO = path.resolve(__dirname, '../../../../../server/test/fixtures/office/demo');
const demoFile = (name: string) => new Blob([readFileSync(path.join(DEMO, name))]);

/** Every cell the file has, as ExcelJS (the server's reader) reads it: value or formula, bold, fill. */
async function cellsOf(bytes: Blob) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await (await JSZip.loadAsync(bytes)).generateAsync({ type: 'arraybuffer' }));
  const cells: Array<{ sheet: string; r: number; c: number; value: unknown; formula?: string; bold: boolean; fill?: string }> = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row, r) =>
      row.eachCell((cell, c) => {
        const formula = cell.formula || undefined;
        const fill = cell.fill?.type === 'pattern' && cell.fill.pattern === 'solid' ? cell.fill.fgColor?.argb?.slice(2) : undefined;
        cells.push({ sheet: sheet.name, r: r - 1, c: c - 1, value: formula ? undefined : cell.value, formula, bold: cell.font?.bold === true, fill });
      }),
    ),
  );
  return cells;
}

/** The sheets with their cell matrix, as the workbook component keeps them once open. */
function asEditorData(sheets: Sheet[]): Sheet[] {
  return sheets.map((sheet) => ({ ...sheet, data: api.celldataToData(sheet.celldata ?? [], 40, 12) ?? [] }));
}

describe('the built-in editor reads each demo spreadsheet with every value, formula and style', { timeout: 30_000 }, () => {
  const files = readdirSync(DEMO).filter((name) => name.endsWith('.xlsx'));

  it('has the demo spreadsheets to read', () => {
    expect(files).toEqual(['marks-sheet-solution.xlsx', 'marks-sheet-start.xlsx', 'sheet-total-solution.xlsx', 'sheet-total-start.xlsx']);
  });

  for (const name of files) {
    it(name, async () => {
      const source = demoFile(name);
      const expected = await cellsOf(source);
      const sheets = await openWorkbook(source, name);
      expect(sheets.map((s) => s.name)).toEqual([...new Set(expected.map((e) => e.sheet))]);
      for (const want of expected) {
        const sheet = sheets.find((s) => s.name === want.sheet)!;
        const cell = sheet.celldata?.find((d) => d.r === want.r && d.c === want.c)?.v as Cell | undefined;
        const where = `${name} ${want.sheet}!R${want.r + 1}C${want.c + 1}`;
        expect(cell, where).toBeDefined();
        if (want.formula) {
          expect(cell!.f, where).toBe(`=${want.formula}`);
        } else {
          // The value itself (a number stays a number), and the text the sheet draws: a cell
          // without it is drawn blank.
          expect(cell!.v, where).toBe(want.value);
          expect(cell!.m, where).toBe(String(want.value));
        }
        if (want.formula && want.value !== undefined) expect(cell!.m, where).toBeTruthy();
        expect(cell!.bl === 1, where).toBe(want.bold);
        if (want.fill) expect(cell!.bg, where).toBe(`#${want.fill}`);
      }
    });
  }

  it('shows the solution’s formulas with their results', async () => {
    const sheets = await openWorkbook(demoFile('sheet-total-solution.xlsx'), 'sheet-total-solution.xlsx');
    const total = sheets[0]!.celldata?.find((d) => d.r === 6 && d.c === 0)?.v as Cell;
    expect(total.f).toBe('=SUM(A2:A6)');
    expect(total.m).toBe('394');
  });

  it('writes a total made in the editor as a formula over numbers', async () => {
    const sheets = asEditorData(await openWorkbook(demoFile('sheet-total-start.xlsx'), 'sheet-total-start.xlsx'));
    // What the sheet keeps once =SUM(A2:A6) is typed in A7.
    sheets[0]!.data![6]![0] = { f: '=SUM(A2:A6)', v: 394, m: '394', ct: { fa: 'General', t: 'n' } };
    const written = await writeWorkbook(sheets);
    const cells = await cellsOf(written);
    expect(cells.filter((c) => c.c === 0).map((c) => c.formula ?? c.value)).toEqual(['Marks', 78, 92, 65, 88, 71, 'SUM(A2:A6)']);
    expect(cells.find((c) => c.r === 0)?.bold).toBe(true);
    // The server's evaluator scores this file (apps/server/test/fixtures/office/sheet-total-editor.xlsx);
    // UPDATE_OFFICE_FIXTURES=1 writes it again.
    if (process.env.UPDATE_OFFICE_FIXTURES) writeFileSync(path.resolve(DEMO, '../sheet-total-editor.xlsx'), await (await JSZip.loadAsync(written)).generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
  });
});
