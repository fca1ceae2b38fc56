import { describe, expect, it } from 'vitest';
import {
  abilityForTrueScore,
  competitionRanks,
  eapAbility,
  equatedSpread,
  equateTrueScore,
  lowerScore,
  maxScore,
  shiftPercentiles,
  trueScore,
  type FormItem,
} from './psychometrics.equating.js';
import { normal, seededRandom } from './psychometrics.simulate.js';

const form = (difficulties: number[], discrimination = 1, marks = 4): FormItem[] => difficulties.map((difficulty) => ({ difficulty, discrimination, marks }));
const easy = form([-1.5, -1, -0.8, -0.5, 0, 0.2]);
const hard = form([-0.5, 0, 0.4, 0.8, 1, 1.5]);

describe('true-score equating', () => {
  it('the true-score curve rises with ability between 0 and full marks', () => {
    expect(trueScore(easy, -8)).toBeLessThan(0.1);
    expect(trueScore(easy, 8)).toBeGreaterThan(maxScore(easy) - 0.1);
    expect(trueScore(easy, 0.5)).toBeGreaterThan(trueScore(easy, 0));
    expect(trueScore(easy, 0)).toBeGreaterThan(trueScore(hard, 0));
  });

  it('finds the ability whose true score is the raw score', () => {
    const theta = abilityForTrueScore(hard, 10)!;
    expect(trueScore(hard, theta)).toBeCloseTo(10, 8);
    expect(abilityForTrueScore(hard, 0)).toBeNull();
    expect(abilityForTrueScore(hard, maxScore(hard))).toBeNull();
  });

  it('a form equated to itself keeps its score', () => {
    for (const raw of [1, 4, 9.5, 16, 23]) expect(equateTrueScore(hard, hard, raw).equated).toBeCloseTo(raw, 6);
  });

  it('a raw score on a harder form is worth more on an easier reference, and the way back returns it', () => {
    for (const raw of [4, 8, 12, 16, 20]) {
      const { equated, ability } = equateTrueScore(hard, easy, raw);
      expect(equated).toBeGreaterThan(raw);
      expect(equated).toBeLessThan(maxScore(easy));
      expect(ability).not.toBeNull();
      expect(equateTrueScore(easy, hard, equated).equated).toBeCloseTo(raw, 6);
    }
  });

  it('0 equates to 0 and full marks to the reference’s full marks, and nothing is NaN', () => {
    expect(equateTrueScore(hard, easy, 0)).toEqual({ equated: 0, ability: null });
    expect(equateTrueScore(hard, easy, 24)).toEqual({ equated: maxScore(easy), ability: null });
    expect(equateTrueScore([], easy, 5)).toEqual({ equated: 0, ability: null });
    const steep = form([7.9, -7.9], 9.9);
    for (const raw of [0.001, 2, 4, 7.999]) expect(Number.isFinite(equateTrueScore(steep, easy, raw).equated)).toBe(true);
  });

  it('the spread of an equated score grows with the SE of ability', () => {
    expect(equatedSpread(easy, 0, 0.6)).toBeGreaterThan(equatedSpread(easy, 0, 0.3));
    expect(equatedSpread(easy, 0, 0)).toBe(0);
  });
});

describe('EAP ability', () => {
  it('without calibrated items it is the prior: 0 with SE 1', () => {
    const { ability, se } = eapAbility([], []);
    expect(ability).toBeCloseTo(0, 6);
    expect(se).toBeGreaterThan(0.95);
    expect(se).toBeLessThan(1.01);
  });

  it('more right answers give a higher ability, and more items a smaller SE', () => {
    const items = form([-1, -0.5, 0, 0.5, 1]);
    const low = eapAbility(items, [1, 0, 0, 0, 0]);
    const high = eapAbility(items, [1, 1, 1, 1, 0]);
    expect(high.ability).toBeGreaterThan(low.ability + 0.5);
    const long = form(Array.from({ length: 60 }, (_, i) => -2 + (4 * i) / 59), 1.5);
    const answers = long.map((item) => (item.difficulty < 0.3 ? 1 : 0));
    expect(eapAbility(long, answers).se).toBeLessThan(eapAbility(items, [1, 1, 1, 0, 0]).se / 2);
  });

  it('recovers simulated abilities (correlation above 0.9 on 60 items)', () => {
    const random = seededRandom(5);
    const items = form(
      Array.from({ length: 60 }, () => normal(random)),
      1.2,
    );
    const truth: number[] = [];
    const estimates: number[] = [];
    for (let p = 0; p < 300; p += 1) {
      const theta = normal(random);
      const answers = items.map((item) => (random() < 1 / (1 + Math.exp(-item.discrimination * (theta - item.difficulty))) ? 1 : 0));
      truth.push(theta);
      estimates.push(eapAbility(items, answers).ability);
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const [mt, me] = [mean(truth), mean(estimates)];
    const cov = truth.reduce((s, t, i) => s + (t - mt) * (estimates[i]! - me), 0);
    const r = cov / Math.sqrt(truth.reduce((s, t) => s + (t - mt) ** 2, 0) * estimates.reduce((s, e) => s + (e - me) ** 2, 0));
    expect(r).toBeGreaterThan(0.9);
  });
});

describe('per-shift percentile and ranks', () => {
  it('is NTA’s: the share of the shift at or below the score', () => {
    expect(shiftPercentiles([10, 20, 20, 30])).toEqual([25, 75, 75, 100]);
    expect(shiftPercentiles([5])).toEqual([100]);
    expect(shiftPercentiles([])).toEqual([]);
  });

  it('ranks highest first, ties share a rank, no score no rank', () => {
    expect(competitionRanks([5, 7, 7, null, 3])).toEqual([3, 1, 1, null, 4]);
  });
});

describe('equating with 3PL items', () => {
  const guessing = (items: FormItem[], c: number): FormItem[] => items.map((item) => ({ ...item, guessing: c }));
  const hard3 = guessing(hard, 0.2);
  const easy3 = guessing(easy, 0.25);

  it('the true-score curve rises from the sum of c × marks, not from 0', () => {
    expect(trueScore(hard3, -8)).toBeCloseTo(0.2 * maxScore(hard3), 2);
    expect(trueScore(hard3, 0)).toBeGreaterThan(trueScore(hard, 0));
    expect(abilityForTrueScore(hard3, lowerScore(hard3))).toBeNull();
    expect(lowerScore(hard3)).toBeCloseTo(4.8, 10);
    const theta = abilityForTrueScore(hard3, 12)!;
    expect(trueScore(hard3, theta)).toBeCloseTo(12, 8);
  });

  it('equates above the floor through the ability, below it linearly onto the reference’s floor', () => {
    const { equated, ability } = equateTrueScore(hard3, easy3, 12);
    expect(ability).not.toBeNull();
    expect(equated).toBeCloseTo(trueScore(easy3, ability!), 8);
    expect(equateTrueScore(easy3, hard3, equated).equated).toBeCloseTo(12, 6);
    // Floors: 0.2 × 24 = 4.8 on the form, 0.25 × 24 = 6 on the reference.
    expect(equateTrueScore(hard3, easy3, 2.4)).toEqual({ equated: 3, ability: null });
    expect(equateTrueScore(hard3, easy3, lowerScore(hard3)).equated).toBeCloseTo(6, 10);
  });

  it('the EAP ability uses the lower asymptote: a wrong answer says less, a right one less too', () => {
    const right = [1, 1, 1, 0, 0, 0] as const;
    const two = eapAbility(hard, right);
    const three = eapAbility(hard3, right);
    expect(three.ability).not.toBeCloseTo(two.ability, 2);
    // Against a direct integral of the 3PL likelihood with the N(0, 1) prior.
    let mass = 0;
    let first = 0;
    for (let g = 0; g <= 1000; g += 1) {
      const theta = -5 + g * 0.01;
      let w = Math.exp(-0.5 * theta * theta);
      hard3.forEach((item, i) => {
        const p = 0.2 + 0.8 / (1 + Math.exp(-item.discrimination * (theta - item.difficulty)));
        w *= right[i] ? p : 1 - p;
      });
      mass += w;
      first += w * theta;
    }
    expect(three.ability).toBeCloseTo(first / mass, 2);
  });
});
