import { update } from '@fortune-sheet/core';

/** A cell as the spreadsheet keeps it: its value, its shown text (`m`) and its format (`ct.t`: g general, n number, s text…). */
interface SheetCell {
  v?: unknown;
  m?: unknown;
  ct?: { t?: string; fa?: string; s?: unknown } | null;
  f?: string;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** The text the sheet shows for a number in a format (the sheet's own formatter); the plain number when the format fails. */
function shown(format: string, value: number): string {
  try {
    const text: unknown = update(format, value);
    return typeof text === 'string' && text !== '' ? text : String(value);
  } catch {
    return String(value);
  }
}

/**
 * Makes the xlsx reader's cells what the sheet itself keeps for a typed entry:
 * - the reader keeps every number of the file as text ("78"), so the sheet would save them back
 *   as text and a formula over them would total 0: a value written as a number in a general or
 *   number cell becomes a number again (text cells, format @ or s, and formulas are left alone);
 * - the reader gives no shown text (`m`), and the sheet draws a cell from it, falling back to the
 *   value only when that is non-empty text, so a number without it is drawn blank: every value
 *   gets its shown text, and a cell without a format (a cell with no style in the file) gets the
 *   general one, as a typed entry does.
 */
export function restoreNumbers<S extends { celldata?: Array<{ v: SheetCell | null }> }>(sheets: S[]): S[] {
  for (const sheet of sheets) {
    for (const entry of sheet.celldata ?? []) {
      const cell = entry.v;
      if (!cell) continue;
      if (!cell.f && typeof cell.v === 'string') {
        const kind = cell.ct?.t ?? 'g';
        const text = cell.v.trim();
        if ((kind === 'g' || kind === 'n') && cell.ct?.fa !== '@' && NUMBER.test(text)) cell.v = Number(text);
      }
      if (cell.v === undefined || cell.v === null || cell.ct?.t === 'inlineStr') continue;
      if (typeof cell.v === 'number') {
        cell.ct ??= { fa: 'General', t: 'n' };
        cell.m ??= shown(cell.ct.fa ?? 'General', cell.v);
      } else {
        cell.ct ??= { fa: 'General', t: 'g' };
        cell.m ??= String(cell.v);
      }
    }
  }
  return sheets;
}
