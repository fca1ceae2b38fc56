import type { ReportMatrix } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { nextSort, sortMatrixRows } from './matrix-sort';

const row = (userId: number, displayName: string, scores: Array<number | null>, average: number | null) => ({ userId, displayName, username: displayName.toLowerCase(), sectionName: 'A', scores, average, taken: scores.filter((s) => s !== null).length });
const matrix: ReportMatrix = {
  className: '11',
  sectionName: null,
  tests: [
    { taskId: 7, taskName: 'Mock 1', courseName: 'NEET', total: 16, attempts: 3, mean: 8 },
    { taskId: 9, taskName: 'Mock 2', courseName: 'NEET', total: 16, attempts: 2, mean: 6 },
  ],
  students: [row(1, 'Chitra', [4, null], 25), row(2, 'Asha', [16, 8], 75), row(3, 'Bala', [4, 4], 25), row(4, 'Devi', [null, null], null)],
};
const names = (rows: { displayName: string }[]) => rows.map((r) => r.displayName);

describe('sortMatrixRows', () => {
  it('sorts by name either way', () => {
    expect(names(sortMatrixRows(matrix, { key: 'name', direction: 'asc' }))).toEqual(['Asha', 'Bala', 'Chitra', 'Devi']);
    expect(names(sortMatrixRows(matrix, { key: 'name', direction: 'desc' }))).toEqual(['Devi', 'Chitra', 'Bala', 'Asha']);
  });

  it('sorts by a test’s column with ties by name and untaken tests last in both directions', () => {
    expect(names(sortMatrixRows(matrix, { key: 'task:9', direction: 'asc' }))).toEqual(['Bala', 'Asha', 'Chitra', 'Devi']);
    expect(names(sortMatrixRows(matrix, { key: 'task:7', direction: 'desc' }))).toEqual(['Asha', 'Bala', 'Chitra', 'Devi']);
    expect(names(sortMatrixRows(matrix, { key: 'average', direction: 'desc' }))).toEqual(['Asha', 'Bala', 'Chitra', 'Devi']);
  });

  it('starts a new column ascending and flips the same column', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'average')).toEqual({ key: 'average', direction: 'asc' });
    expect(nextSort({ key: 'average', direction: 'asc' }, 'average')).toEqual({ key: 'average', direction: 'desc' });
  });
});
