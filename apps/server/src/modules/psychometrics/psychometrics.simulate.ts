import { responseMatrix, type ResponseMatrix } from './psychometrics.irt.js';

/** A small seeded generator (mulberry32), so simulated data sets are the same on every run. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function normal(random: () => number): number {
  const u = Math.max(random(), 1e-300);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export interface SimulatedData {
  matrix: ResponseMatrix;
  abilities: number[];
  difficulty: number[];
  discrimination: number[];
  /** Each item's lower asymptote (all 0 unless `guessingRange`). */
  guessing: number[];
  /** Row-major examinee × item, 1 / 0, or -1 where the examinee did not answer. */
  dense: Int8Array;
}

export interface SimulationOptions {
  persons: number;
  items: number;
  seed: number;
  /** Discriminations drawn from lognormal(0, sdLogA); absent: all 1 (Rasch). */
  sdLogA?: number;
  abilitySd?: number;
  /** Chance that a response is missing. */
  missing?: number;
  /** Fixed item difficulties instead of drawn ones (same items, new examinees). */
  difficulty?: readonly number[];
  /** 3PL: guessing parameters drawn uniformly from [low, high]; absent: all 0. */
  guessingRange?: readonly [number, number];
}

/** Simulates 2PL (or Rasch, or 3PL) responses: θ ~ N(0, abilitySd²), b ~ N(0, 1). */
export function simulate(options: SimulationOptions): SimulatedData {
  const random = seededRandom(options.seed);
  const abilities = Array.from({ length: options.persons }, () => normal(random) * (options.abilitySd ?? 1));
  const difficulty = options.difficulty ? [...options.difficulty] : Array.from({ length: options.items }, () => normal(random));
  const discrimination = Array.from({ length: options.items }, () => (options.sdLogA ? Math.exp(normal(random) * options.sdLogA) : 1));
  const range = options.guessingRange;
  const guessing = Array.from({ length: options.items }, () => (range ? range[0] + (range[1] - range[0]) * random() : 0));
  const dense = new Int8Array(options.persons * options.items);
  const person: number[] = [];
  const item: number[] = [];
  const score: number[] = [];
  for (let p = 0; p < options.persons; p += 1) {
    for (let i = 0; i < options.items; i += 1) {
      if (options.missing && random() < options.missing) {
        dense[p * options.items + i] = -1;
        continue;
      }
      const chance = guessing[i]! + (1 - guessing[i]!) / (1 + Math.exp(-discrimination[i]! * (abilities[p]! - difficulty[i]!)));
      const x = random() < chance ? 1 : 0;
      dense[p * options.items + i] = x;
      person.push(p);
      item.push(i);
      score.push(x);
    }
  }
  return { matrix: responseMatrix(options.items, options.persons, person, item, score), abilities, difficulty, discrimination, guessing, dense };
}

export function rmse(a: readonly number[], b: readonly number[]): number {
  return Math.sqrt(a.reduce((sum, x, i) => sum + (x - b[i]!) ** 2, 0) / a.length);
}

export function centred(values: readonly number[]): number[] {
  const mean = values.reduce((s, x) => s + x, 0) / values.length;
  return values.map((x) => x - mean);
}
