import { describe, expect, it } from 'vitest';
import type { CalibrationResult, ItemEstimate } from './psychometrics.irt.js';
import type { ResponseRow } from './psychometrics.repository.js';
import { buildCalibrationData, dichotomise, flagItems } from './psychometrics.responses.js';

const row = (userId: number, questionVersionId: number, status: string | null, answerId: unknown = null, version = 1, questionId = questionVersionId): ResponseRow => ({
  userId,
  questionId,
  questionVersionId,
  version,
  questionType: 'singleChoice',
  status,
  answerId,
  correctAnswerId: 2,
});

const estimate = (difficulty: number, seDifficulty: number): ItemEstimate => ({
  state: 'ok',
  n: 200,
  proportionCorrect: 0.5,
  difficulty,
  discrimination: 1,
  seDifficulty,
  seDiscrimination: 0.1,
  guessing: null,
  seGuessing: null,
  infit: 1,
  outfit: 1,
});

describe('dichotomise', () => {
  it('full marks are 1, wrong and partial 0, unanswered and pending missing', () => {
    expect(['correct', 'wrong', 'partial', 'unanswered', 'pending', null].map(dichotomise)).toEqual([1, 0, 0, null, null, null]);
  });
});

describe('buildCalibrationData', () => {
  it('keeps each student’s first scored answer per version, skips missing ones, and keeps the chosen option beside its response', () => {
    const data = buildCalibrationData([
      row(7, 100, 'correct', 2),
      row(8, 100, 'unanswered'),
      row(8, 101, 'wrong', 3),
      row(7, 100, 'wrong', 1), // a later attempt at the same version
      row(7, 101, 'partial', 4),
    ]);
    expect(data.examinees).toBe(2);
    expect(data.items.map((i) => i.questionVersionId)).toEqual([100, 101]);
    expect(Array.from(data.matrix.personStart)).toEqual([0, 2, 3]);
    expect(Array.from(data.matrix.item)).toEqual([0, 1, 1]);
    expect(Array.from(data.matrix.score)).toEqual([1, 0, 0]);
    expect(data.chosen).toEqual([2, 4, 3]);
  });
});

describe('flagItems', () => {
  it('flags drift past 3 standard errors between versions of a question, and not within', () => {
    const rows = [row(1, 10, 'correct', 2, 1, 5), row(1, 11, 'correct', 2, 2, 5), row(1, 12, 'correct', 2, 3, 5)];
    const data = buildCalibrationData(rows);
    const result = { items: [estimate(0, 0.1), estimate(0.3, 0.1), estimate(1.0, 0.1)], abilities: new Float64Array([0]) } as unknown as CalibrationResult;
    const flags = flagItems(data, result);
    expect(flags[0]).toEqual([]);
    // 0.3 / √0.02 ≈ 2.1 SE: not flagged; 0.7 / √0.02 ≈ 4.9 SE: flagged against version 2.
    expect(flags[1]).toEqual([]);
    expect(flags[2]).toEqual([{ kind: 'drift', fromVersion: 2, difference: expect.closeTo(0.7, 10), seUnits: expect.closeTo(0.7 / Math.SQRT2 / 0.1, 6) }]);
  });

  it('flags a probable wrong key when the top fifth choose a distractor more than the key', () => {
    const rows: ResponseRow[] = [];
    // 50 examinees choose the key (2), except that 7 of the 10 strongest (ids 40..49) choose 3.
    for (let p = 0; p < 50; p += 1) rows.push(p >= 40 && p < 47 ? row(p, 20, 'wrong', 3) : row(p, 20, 'correct', 2));
    const data = buildCalibrationData(rows);
    const abilities = Float64Array.from({ length: 50 }, (_, p) => p / 10);
    const flags = flagItems(data, { items: [estimate(0, 0.1)], abilities } as unknown as CalibrationResult);
    expect(flags[0]).toEqual([{ kind: 'probable-wrong-key', optionId: 3, optionShare: 0.7, keyShare: 0.3, topResponses: 10 }]);
    // The same choices among the weakest fifth raise nothing: the top fifth then chose the key.
    const reversed = flagItems(data, { items: [estimate(0, 0.1)], abilities: abilities.map((x) => -x) } as unknown as CalibrationResult);
    expect(reversed[0]).toEqual([]);
  });
});
