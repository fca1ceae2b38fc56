import type { CalibratedItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { filterItems, finite, NO_ITEM_FILTERS, reasonKey } from './item-filters';

const item = (over: Partial<CalibratedItem>): CalibratedItem => ({
  questionId: 1,
  questionVersionId: 1,
  version: 1,
  excerpt: 'Q',
  excerptLanguage: 'en',
  subject: null,
  topic: null,
  model: '2pl',
  state: 'ok',
  responses: 100,
  proportionCorrect: 0.5,
  difficulty: 0,
  discrimination: 1,
  seDifficulty: 0.1,
  seDiscrimination: 0.1,
  guessing: null,
  seGuessing: null,
  infit: 1,
  outfit: 1,
  flags: [],
  calibratedAt: '2026-11-28T10:00:00Z',
  ...over,
});

describe('item filters', () => {
  const items = [
    item({ questionId: 1 }),
    item({ questionId: 2, state: 'too-few-responses', difficulty: null }),
    item({ questionId: 3, flags: [{ kind: 'drift', fromVersion: 1, difference: 0.9, seUnits: 4.1 }] }),
  ];

  it('keeps every item without filters, one state with a state, and flagged ones only when asked', () => {
    expect(filterItems(items, NO_ITEM_FILTERS)).toHaveLength(3);
    expect(filterItems(items, { state: 'too-few-responses', isFlaggedOnly: false }).map((i) => i.questionId)).toEqual([2]);
    expect(filterItems(items, { state: '', isFlaggedOnly: true }).map((i) => i.questionId)).toEqual([3]);
    expect(filterItems(items, { state: 'too-few-responses', isFlaggedOnly: true })).toEqual([]);
  });

  it('says why a state has no estimates, and all right from all wrong', () => {
    expect(reasonKey(item({}))).toBeNull();
    expect(reasonKey(item({ state: 'too-few-responses' }))).toBe('tooFew');
    expect(reasonKey(item({ state: 'degenerate', proportionCorrect: 1 }))).toBe('allRight');
    expect(reasonKey(item({ state: 'degenerate', proportionCorrect: 0 }))).toBe('allWrong');
    expect(reasonKey(item({ state: 'diverged' }))).toBe('diverged');
  });

  it('treats null and non-finite numbers as missing', () => {
    expect(finite(0)).toBe(0);
    expect(finite(null)).toBeUndefined();
    expect(finite(Number.NaN)).toBeUndefined();
  });
});
