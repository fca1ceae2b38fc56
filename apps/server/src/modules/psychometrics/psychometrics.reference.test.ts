import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calibrate, responseMatrix } from './psychometrics.irt.js';
import { centred, rmse } from './psychometrics.simulate.js';

/**
 * A fixed Rasch data set (300 examinees × 20 items, 5 % of responses missing) and R's difficulties
 * for it: eRm (conditional ML) and lme4 (marginal ML as a mixed model), both written by
 * `npx tsx bench/irt-reference.ts --write-fixture`. Tolerance: RMSE ≤ 0.02 after centring against
 * each, and no item further than 0.05 from either.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8').trim().split('\n').slice(1);

function loadResponses() {
  const rows = fixture('rasch-300x20.csv').map((line) => line.split(','));
  const person: number[] = [];
  const item: number[] = [];
  const score: number[] = [];
  rows.forEach((cells, p) =>
    cells.forEach((cell, i) => {
      if (cell === 'NA') return;
      person.push(p);
      item.push(i);
      score.push(Number(cell));
    }),
  );
  return { matrix: responseMatrix(rows[0]!.length, rows.length, person, item, score), missing: rows.length * rows[0]!.length - person.length };
}

describe('Rasch difficulties against R on a fixed data set', () => {
  const reference = fixture('rasch-300x20.r-difficulties.csv').map((line) => line.split(',').map(Number));
  const { matrix, missing } = loadResponses();
  const ours = centred(calibrate(matrix, { model: 'rasch', minResponses: 1 }).items.map((item) => item.difficulty!));

  it('reads the fixture with its missing responses left out', () => {
    expect(reference).toHaveLength(20);
    expect(missing).toBeGreaterThan(200);
    expect(ours.every(Number.isFinite)).toBe(true);
  });

  it.each([
    ['eRm, conditional ML', 1],
    ['lme4, marginal ML', 2],
  ] as const)('agrees with %s', (_name, column) => {
    const theirs = centred(reference.map((row) => row[column]!));
    expect(rmse(ours, theirs)).toBeLessThan(0.02);
    for (let i = 0; i < ours.length; i += 1) expect(Math.abs(ours[i]! - theirs[i]!)).toBeLessThan(0.05);
  });
});
