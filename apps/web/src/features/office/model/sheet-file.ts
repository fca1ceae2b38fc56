// The reader's parts only: the package's entry also pulls the writer (exceljs), which is loaded on
// the first save instead.
import { FortuneFile } from '@corbe30/fortune-excel/dist/ToFortuneSheet/FortuneFile';
import { HandleZip } from '@corbe30/fortune-excel/dist/ToFortuneSheet/HandleZip';
import type { Sheet } from '@fortune-sheet/core';
import { restoreNumbers } from './sheet-values';

/** Reads an .xlsx into FortuneSheet's sheets (formulas, values, styles, merges, column widths). */
export async function openWorkbook(source: Blob, fileName: string): Promise<Sheet[]> {
  const files = await new HandleZip(new File([source], fileName)).unzipFile();
  const workbook = new FortuneFile(files, fileName);
  workbook.Parse();
  const sheets = restoreNumbers(workbook.serialize().sheets as unknown as Sheet[]);
  // The converter's selection lacks its focus cell (the sheet then loses the first entry after
  // Enter); the sheet starts from its own default selection instead.
  return sheets.map(({ luckysheet_select_save: _selection, ...sheet }) => sheet);
}

/** Writes sheets (as the workbook reports them, with their cell matrix `data`) to an .xlsx (exceljs, in its own chunk). */
export async function writeWorkbook(sheets: Sheet[]): Promise<Blob> {
  const { exportSheetExcel } = await import('@corbe30/fortune-excel/dist/ToExcel/ExcelFile');
  const snapshot = { current: { getAllSheets: () => sheets, getSheet: () => sheets[0] } };
  // IFileType.XLSX; the enum lives in the package's entry, which this chunk does not load.
  return exportSheetExcel(snapshot, 'xlsx' as Parameters<typeof exportSheetExcel>[1], false);
}
