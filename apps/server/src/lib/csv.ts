import Papa from 'papaparse';

/**
 * CSV files the server writes, and the one rule against formula injection (OWASP "CSV
 * Injection"): a text cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * run as a formula by spreadsheet programs, so it is written with a leading single quote, which
 * they show as text. A cell that already begins with quotes before such a character gets one
 * more, so that `unescapeCsvCell` (one quote off) gives back exactly what was written. Numbers
 * are written as they are (a negative score stays a number). papaparse applies the rule
 * (`escapeFormulae`) to the header and every cell.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export type CsvCell = string | number | null;

/** A CSV file: a byte-order mark (spreadsheet programs then read UTF-8, e.g. Tamil), CRLF lines, formulas neutralised. */
export function writeCsv(header: string[], rows: CsvCell[][]): string {
  const data = rows.map((row) => row.map((cell) => (cell === null ? '' : cell)));
  return `\uFEFF${Papa.unparse({ fields: header, data }, { newline: '\r\n', escapeFormulae: FORMULA_START })}\r\n`;
}

/** Undoes `writeCsv`'s quote on a cell read back from a CSV file (the question importer's round trip). */
export function unescapeCsvCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
