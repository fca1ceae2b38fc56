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

describe('calibrate with the 3PL', () => {
  const guessingRange = [0.1, 0.3] as const;

  it('recovers difficulty, discrimination and guessing from simulated 3PL data', () => {
    const sim = simulate({ persons: 2000, items: 30, seed: 31, sdLogA: 0.3, guessingRange });
    const result = calibrate(sim.matrix, { model: '3pl' });
    expect(result.converged).toBe(true);
    const ok = okIndices(result.items);
    expect(ok).toHaveLength(30);
    const pick = (key: 'difficulty' | 'discrimination' | 'guessing') => ok.map((i) => result.items[i]![key]!);
    expect(rmse(pick('difficulty'), ok.map((i) => sim.difficulty[i]!))).toBeLessThan(0.3);
    expect(rmse(pick('discrimination'), ok.map((i) => sim.discrimination[i]!))).toBeLessThan(0.3);
    expect(rmse(pick('guessing'), ok.map((i) => sim.guessing[i]!))).toBeLessThan(0.08);
    for (const i of ok) {
      const item = result.items[i]!;
      expect(item.seGuessing).toBeGreaterThan(0.005);
      expect(item.seGuessing).toBeLessThan(0.15);
      expect(item.seDifficulty).toBeGreaterThan(0.02);
      expect(item.seDifficulty).toBeLessThan(0.8);
      expect(item.infit).toBeGreaterThan(0.8);
      expect(item.infit).toBeLessThan(1.2);
    }
    // The 2PL fit to the same data is worse: the 3PL's extra parameters are not idle.
    expect(result.logLikelihood).toBeGreaterThan(calibrate(sim.matrix, { model: '2pl' }).logLikelihood + 10);
  });

  it('with every guessing parameter fixed at 0 gives the 2PL fit', () => {
    const sim = simulate({ persons: 800, items: 15, seed: 32, sdLogA: 0.3 });
    const twoPl = calibrate(sim.matrix, { model: '2pl', tolerance: 1e-8 });
    const threePl = calibrate(sim.matrix, { model: '3pl', fixedGuessing: 0, tolerance: 1e-8 });
    expect(threePl.logLikelihood).toBeCloseTo(twoPl.logLikelihood, 5);
    twoPl.items.forEach((item, i) => {
      const other = threePl.items[i]!;
      expect(other.guessing).toBe(0);
      expect(other.seGuessing).toBeNull();
      expect(other.difficulty).toBeCloseTo(item.difficulty!, 5);
      expect(other.discrimination).toBeCloseTo(item.discrimination!, 5);
      expect(other.seDifficulty).toBeCloseTo(item.seDifficulty!, 5);
      expect(other.seDiscrimination).toBeCloseTo(item.seDiscrimination!, 5);
      expect(other.infit).toBeCloseTo(item.infit!, 5);
    });
  });

  it('gives a guessing parameter only to the items marked guessable; the others stay 2PL in the same fit', () => {
    const sim = simulate({ persons: 1500, items: 20, seed: 33, sdLogA: 0.2, guessingRange: [0.25, 0.25] });
    const guessable = Uint8Array.from({ length: 20 }, (_, i) => (i < 10 ? 1 : 0));
    const result = calibrate(sim.matrix, { model: '3pl', guessable });
    const c = result.items.map((item) => item.guessing);
    expect(c.slice(10).every((x) => x === null)).toBe(true);
    expect(result.items.slice(10).every((item) => item.seGuessing === null)).toBe(true);
    const fitted = c.slice(0, 10) as number[];
    const mean = fitted.reduce((s, x) => s + x, 0) / fitted.length;
    expect(mean).toBeGreaterThan(0.18);
    expect(mean).toBeLessThan(0.32);
  });

  it('its EAP abilities are the posterior means of the 3PL likelihood computed directly', () => {
    const sim = simulate({ persons: 300, items: 12, seed: 34, sdLogA: 0.3, guessingRange });
    const result = calibrate(sim.matrix, { model: '3pl', quadraturePoints: 81 });
    const { personStart, item, score } = sim.matrix;
    for (const p of [0, 7, 42, 299]) {
      // A fine rectangle rule over [-6, 6] with the N(0, 1) density, independent of the estimator's nodes.
      let mass = 0;
      let first = 0;
      for (let g = 0; g <= 1200; g += 1) {
        const theta = -6 + g * 0.01;
        let likelihood = Math.exp(-0.5 * theta * theta);
        for (let k = personStart[p]!; k < personStart[p + 1]!; k += 1) {
          const it = result.items[item[k]!]!;
          const chance = it.guessing! + (1 - it.guessing!) / (1 + Math.exp(-it.discrimination! * (theta - it.difficulty!)));
          likelihood *= score[k] ? chance : 1 - chance;
        }
        mass += likelihood;
        first += likelihood * theta;
      }
      expect(result.abilities[p]).toBeCloseTo(first / mass, 2);
    }
  });
});
