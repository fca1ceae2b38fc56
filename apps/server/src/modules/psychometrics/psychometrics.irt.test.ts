import { describe, expect, it } from 'vitest';
import { calibrate, quadrature, responseMatrix } from './psychometrics.irt.js';
import { centred, rmse, simulate } from './psychometrics.simulate.js';

const okIndices = (items: { state: string }[]) => items.flatMap((item, i) => (item.state === 'ok' ? [i] : []));

describe('calibrate', () => {
  it('the quadrature weights sum to 1 and are symmetric', () => {
    const { nodes, logWeights } = quadrature(41);
    expect(nodes[20]).toBeCloseTo(0, 12);
    expect(Array.from(logWeights).reduce((s, w) => s + Math.exp(w), 0)).toBeCloseTo(1, 12);
    expect(logWeights[0]).toBeCloseTo(logWeights[40]!, 12);
  });

  it('recovers 2PL difficulties and discriminations from simulated data', () => {
    const sim = simulate({ persons: 1000, items: 40, seed: 11, sdLogA: 0.3 });
    const result = calibrate(sim.matrix, { model: '2pl' });
    expect(result.converged).toBe(true);
    const ok = okIndices(result.items);
    expect(ok).toHaveLength(40);
    const b = ok.map((i) => result.items[i]!.difficulty!);
    const a = ok.map((i) => result.items[i]!.discrimination!);
    expect(rmse(b, ok.map((i) => sim.difficulty[i]!))).toBeLessThan(0.2);
    expect(rmse(a, ok.map((i) => sim.discrimination[i]!))).toBeLessThan(0.2);
    for (const i of ok) {
      const item = result.items[i]!;
      expect(item.seDifficulty).toBeGreaterThan(0.02);
      expect(item.seDifficulty).toBeLessThan(0.6);
      expect(item.seDiscrimination).toBeGreaterThan(0.02);
      expect(item.seDiscrimination).toBeLessThan(0.5);
      // Data from the model itself fit it: mean-squares near 1.
      expect(item.infit).toBeGreaterThan(0.8);
      expect(item.infit).toBeLessThan(1.2);
      expect(item.outfit).toBeGreaterThan(0.6);
      expect(item.outfit).toBeLessThan(1.6);
    }
  });

  it('the standard errors match the spread of estimates over replications', () => {
    const difficulty = [-1.5, -0.5, 0, 0.5, 1.5, -1, 1, 0.2, -0.2, 0.8];
    const errors: number[][] = [[], []];
    const ses: number[][] = [[], []];
    for (let seed = 1; seed <= 16; seed += 1) {
      const sim = simulate({ persons: 400, items: difficulty.length, seed: 100 + seed, difficulty, sdLogA: 0.2 });
      const result = calibrate(sim.matrix, { model: '2pl' });
      for (const [k, i] of [0, 4].entries()) {
        errors[k]!.push(result.items[i]!.difficulty! - sim.difficulty[i]!);
        ses[k]!.push(result.items[i]!.seDifficulty!);
      }
    }
    for (let k = 0; k < 2; k += 1) {
      const meanSe = ses[k]!.reduce((s, x) => s + x, 0) / ses[k]!.length;
      const rms = Math.sqrt(errors[k]!.reduce((s, x) => s + x * x, 0) / errors[k]!.length);
      // 16 replications: the spread is known to within about ±35 %.
      expect(rms / meanSe).toBeGreaterThan(0.6);
      expect(rms / meanSe).toBeLessThan(1.6);
    }
  });

  it('fits the Rasch model with one slope, reported as the ability SD on the logit scale', () => {
    const sim = simulate({ persons: 2000, items: 20, seed: 5, abilitySd: 1.5 });
    const result = calibrate(sim.matrix, { model: 'rasch' });
    expect(result.abilitySd).toBeGreaterThan(1.3);
    expect(result.abilitySd).toBeLessThan(1.7);
    expect(result.items.every((item) => item.discrimination === 1 && item.seDiscrimination === null)).toBe(true);
    const b = result.items.map((item) => item.difficulty!);
    expect(rmse(centred(b), centred(sim.difficulty))).toBeLessThan(0.1);
  });

  it('gives states, never NaN, to items with too few responses, all right, all wrong', () => {
    const sim = simulate({ persons: 400, items: 10, seed: 3 });
    const person: number[] = [];
    const item: number[] = [];
    const score: number[] = [];
    for (let p = 0; p < 400; p += 1) {
      for (let i = 0; i < 10; i += 1) {
        person.push(p);
        item.push(i);
        score.push(sim.dense[p * 10 + i]!);
      }
      person.push(p, p);
      item.push(10, 11);
      score.push(1, 0); // item 10: everyone right; item 11: everyone wrong
      if (p < 20) {
        person.push(p);
        item.push(12);
        score.push(p % 2);
      }
    }
    const result = calibrate(responseMatrix(14, 400, person, item, score), { model: '2pl', minResponses: 50 });
    expect(result.items[10]).toMatchObject({ state: 'degenerate', n: 400, proportionCorrect: 1, difficulty: null });
    expect(result.items[11]).toMatchObject({ state: 'degenerate', n: 400, proportionCorrect: 0, discrimination: null });
    expect(result.items[12]).toMatchObject({ state: 'too-few-responses', n: 20, difficulty: null });
    expect(result.items[13]).toMatchObject({ state: 'too-few-responses', n: 0, proportionCorrect: null });
    expect(okIndices(result.items)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(JSON.stringify(result.items)).not.toMatch(/NaN|Infinity/);
  });

  it('marks as diverged an item its data cannot place (right answers only from the lowest scorers)', () => {
    const sim = simulate({ persons: 600, items: 12, seed: 9 });
    const person: number[] = [];
    const item: number[] = [];
    const score: number[] = [];
    const totals = Array.from({ length: 600 }, (_, p) => Array.from({ length: 12 }, (_, i) => sim.dense[p * 12 + i]!).reduce((s, x) => s + x, 0));
    for (let p = 0; p < 600; p += 1) {
      for (let i = 0; i < 12; i += 1) {
        person.push(p);
        item.push(i);
        score.push(sim.dense[p * 12 + i]!);
      }
      // Item 12: answered right by exactly one examinee of middling ability: it cannot be placed well.
      person.push(p);
      item.push(12);
      score.push(totals[p] === 0 && p === totals.indexOf(0) ? 1 : 0);
    }
    const result = calibrate(responseMatrix(13, 600, person, item, score), { model: '2pl', minResponses: 50 });
    expect(['diverged', 'degenerate']).toContain(result.items[12]!.state);
    expect(result.items[12]!.difficulty).toBeNull();
    expect(okIndices(result.items)).toHaveLength(12);
    expect(JSON.stringify(result.items)).not.toMatch(/NaN|Infinity/);
  });

  it('treats a missing response as missing, not wrong', () => {
    const sim = simulate({ persons: 1500, items: 15, seed: 21, missing: 0.4 });
    const result = calibrate(sim.matrix, { model: 'rasch' });
    const b = result.items.map((item) => item.difficulty!);
    expect(rmse(centred(b), centred(sim.difficulty))).toBeLessThan(0.12);
    expect(result.items[0]!.n).toBeLessThan(1100);
  });
});
