import type { ReportMatrix } from '@app/contracts';

export type MatrixSortKey = 'name' | 'average' | `task:${number}`;
export interface MatrixSort {
  key: MatrixSortKey;
  direction: 'asc' | 'desc';
}

type Row = ReportMatrix['students'][number];

/**
 * The matrix's rows in the chosen order, as the export writes them (the server sorts the same
 * way): by name, by average or by a test's column; students without a figure go last either way.
 */
export function sortMatrixRows(matrix: ReportMatrix, sort: MatrixSort): Row[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const column = sort.key.startsWith('task:') ? matrix.tests.findIndex((t) => t.taskId === Number(sort.key.slice(5))) : -1;
  const valueOf = (row: Row): number | null => (sort.key === 'average' ? row.average : column >= 0 ? (row.scores[column] ?? null) : null);
  return [...matrix.students].sort((a, b) => {
    if (sort.key === 'name') return sign * a.displayName.localeCompare(b.displayName) || a.userId - b.userId;
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === null || y === null) return x === y ? a.displayName.localeCompare(b.displayName) : x === null ? 1 : -1;
    return sign * (x - y) || a.displayName.localeCompare(b.displayName);
  });
}

/** A header's next order: a new column starts ascending, the same column flips. */
export function nextSort(current: MatrixSort, key: MatrixSortKey): MatrixSort {
  return current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };
}
