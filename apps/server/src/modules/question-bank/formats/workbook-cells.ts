import { strFromU8, unzipSync } from 'fflate';
import { zipEntryGuard, type ZipLimits } from '../../../lib/zip-limits.js';

/**
 * How many cells a workbook's sheets hold, found without a spreadsheet parser: the sheets' XML is
 * inflated (within the zip limits) and each sheet's <dimension> (the range it declares) and its
 * <c> elements are counted. The larger of the two counts: a declared range past the limit is
 * refused even where its cells are sparse, and a sheet without a dimension is counted cell by cell.
 */

const SHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;
const DIMENSION = /<(?:\w+:)?dimension\s+ref="\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?"/;
const CELL = /<(?:\w+:)?c[\s>/]/g;

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** The cells a dimension's range covers (1 for a single cell), or 0 when the sheet declares none. */
export function dimensionCells(head: string): number {
  const match = DIMENSION.exec(head);
  if (!match) return 0;
  const [, c1, r1, c2 = c1, r2 = r1] = match;
  const cols = Math.abs(columnNumber(c2!) - columnNumber(c1!)) + 1;
  const rows = Math.abs(Number(r2) - Number(r1)) + 1;
  return cols * rows;
}

/** The workbook's cells, or a number past `max` as soon as one is found (the rest is not counted). */
export function workbookCells(bytes: Uint8Array, limits: ZipLimits, max = Number.MAX_SAFE_INTEGER): number {
  const guard = zipEntryGuard(limits);
  const sheets = unzipSync(bytes, {
    filter(file) {
      guard(file);
      return SHEET_PART.test(file.name);
    },
  });
  let total = 0;
  for (const data of Object.values(sheets)) {
    const text = strFromU8(data);
    const declared = dimensionCells(text.slice(0, 64 * 1024));
    if (total + declared > max) return total + declared;
    let counted = 0;
    CELL.lastIndex = 0;
    while (CELL.exec(text)) counted += 1;
    total += Math.max(declared, counted);
    if (total > max) return total;
  }
  return total;
}
