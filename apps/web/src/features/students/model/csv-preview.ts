import { STUDENT_CSV_COLUMNS, STUDENT_CSV_EXAMPLE, type CsvPreview, type CsvRowError } from '@app/contracts';

/** One line per row with problems: every column's message, in the file's order. */
export interface RowProblems {
  row: number;
  problems: Array<{ column: string; message: string }>;
}

export function problemsByRow(errors: readonly CsvRowError[]): RowProblems[] {
  const byRow = new Map<number, RowProblems>();
  for (const error of errors) {
    const entry = byRow.get(error.row) ?? { row: error.row, problems: [] };
    entry.problems.push({ column: error.column, message: error.message });
    byRow.set(error.row, entry);
  }
  return [...byRow.values()].sort((a, b) => a.row - b.row);
}

/** The import may start only for a checked file without a single error. */
export function canImport(preview: CsvPreview | null): boolean {
  return preview !== null && preview.errors.length === 0 && preview.valid > 0;
}

export const CSV_TEMPLATE_COLUMNS = STUDENT_CSV_COLUMNS;

/** The example file offered for download (same columns as the template table). */
export function exampleCsvHref(): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`${STUDENT_CSV_EXAMPLE}\n`)}`;
}

/** A comma-separated list of institute ids as the upload's InstitutionId fields; null when one is not an id. */
export function parseInstitutionIds(text: string): number[] | null {
  const parts = text.split(/[,\s]+/).filter(Boolean);
  if (parts.some((part) => !/^[1-9]\d{0,8}$/.test(part))) return null;
  return [...new Set(parts.map(Number))];
}
