/** A cell as the spreadsheet keeps it: its value, and its format (`ct.t`: g general, n number, s text…). */
interface SheetCell {
  v?: unknown;
  ct?: { t?: string; fa?: string } | null;
  f?: string;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * The xlsx reader keeps every number of the file as text ("78"), so the sheet would save them
 * back as text and a formula over them would total 0. A value written as a number in a general
 * or number cell becomes a number again; text cells (format @ or s) and formulas are left alone.
 */
export function restoreNumbers<S extends { celldata?: Array<{ v: SheetCell | null }> }>(sheets: S[]): S[] {
  for (const sheet of sheets) {
    for (const entry of sheet.celldata ?? []) {
      const cell = entry.v;
      if (!cell || cell.f || typeof cell.v !== 'string') continue;
      const kind = cell.ct?.t ?? 'g';
      if ((kind !== 'g' && kind !== 'n') || cell.ct?.fa === '@') continue;
      const text = cell.v.trim();
      if (!NUMBER.test(text)) continue;
      cell.v = Number(text);
    }
  }
  return sheets;
}
