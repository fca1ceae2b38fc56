import type { ReportMatrix } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { buildMatrix, fallingScores, parseNumberList, sortMatrix } from './reports.staff.js';

describe('fallingScores', () => {
  it('names the last three scores when each is lower and they fell by 10 points or more', () => {
    expect(fallingScores([90, 80, 70, 60])).toEqual([80, 70, 60]);
    expect(fallingScores([70, 65, 61])).toEqual([]);
    expect(fallingScores([80, 60, 70])).toEqual([]);
    expect(fallingScores([80, 60])).toEqual([]);
  });
});

describe('parseNumberList', () => {
  it('reads PostgreSQL’s array_to_string output, falling back to Number for anything unusual', () => {
    expect(parseNumberList('4,-1,0,0.25,12.5,-0.75')).toEqual([4, -1, 0, 0.25, 12.5, -0.75]);
    expect(parseNumberList('1e-05,3')).toEqual([0.00001, 3]);
    expect(parseNumberList('')).toEqual([]);
  });
});

describe('buildMatrix and sortMatrix', () => {
  const matrix: ReportMatrix = buildMatrix({
    className: '12',
    sectionName: 'A',
    students: [
      { id: 1, displayName: 'Bala', username: 'bala', sectionName: 'A' },
      { id: 2, displayName: 'Asha', username: 'asha', sectionName: 'A' },
      { id: 3, displayName: 'Chitra', username: 'chitra', sectionName: 'A' },
    ],
    attempts: [
      { userId: 1, taskId: 10, scored: 8, total: 16 },
      { userId: 2, taskId: 10, scored: 16, total: 16 },
      { userId: 2, taskId: 11, scored: 2, total: 20 },
    ],
    tests: new Map([
      [10, { name: 'Mock 1', courseName: 'NEET' }],
      [11, { name: 'Mock 2', courseName: 'NEET' }],
    ]),
  });

  it('has a column per test in order of first submission, averages of percentages and class means', () => {
    expect(matrix.tests.map((t) => [t.taskName, t.attempts, t.mean])).toEqual([
      ['Mock 1', 2, 12],
      ['Mock 2', 1, 2],
    ]);
    // Asha: 100 % and 10 % → 55; Bala: 50 %; Chitra took none.
    expect(matrix.students.map((s) => [s.displayName, s.scores, s.average, s.taken])).toEqual([
      ['Bala', [8, null], 50, 1],
      ['Asha', [16, 2], 55, 2],
      ['Chitra', [null, null], null, 0],
    ]);
  });

  it('sorts by any column with untaken last', () => {
    expect(sortMatrix(matrix, 'task:11', 'desc').map((s) => s.displayName)).toEqual(['Asha', 'Bala', 'Chitra']);
    expect(sortMatrix(matrix, 'average', 'asc').map((s) => s.displayName)).toEqual(['Bala', 'Asha', 'Chitra']);
    expect(sortMatrix(matrix, 'name', 'desc').map((s) => s.displayName)).toEqual(['Chitra', 'Bala', 'Asha']);
  });
});
