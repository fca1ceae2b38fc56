import { describe, expect, it } from 'vitest';
import { reasonsFor, suggestErrorType, type AnswerFacts } from './notebook.cards.js';

const start = new Date('2026-03-01T09:00:00Z');
const end = new Date('2026-03-01T10:00:00Z');
const window = { startedAt: start, endedAt: end };
const early = new Date('2026-03-01T09:20:00Z');
const answer = (over: Partial<AnswerFacts>): AnswerFacts => ({
  status: 'wrong',
  timeSpentSeconds: 60,
  changeCount: 0,
  isMarked: false,
  updatedAt: early,
  ...over,
});

describe('why a question becomes a card', () => {
  it('takes wrong and partly right answers, changed answers, far-too-fast wrong ones and marked questions', () => {
    expect(reasonsFor(answer({}), 60)).toEqual(['wrong']);
    expect(reasonsFor(answer({ status: 'partial' }), 60)).toEqual(['wrong']);
    expect(reasonsFor(answer({ status: 'correct', changeCount: 2 }), 60)).toEqual(['guessed']);
    expect(reasonsFor(answer({ timeSpentSeconds: 20 }), 60)).toEqual(['wrong', 'guessed']);
    expect(reasonsFor(answer({ status: 'unanswered', isMarked: true }), 60)).toEqual(['marked']);
  });

  it('leaves out right answers kept from the start, and a cleared answer is not a guess', () => {
    expect(reasonsFor(answer({ status: 'correct', timeSpentSeconds: 5 }), 60)).toEqual([]);
    expect(reasonsFor(answer({ status: 'unanswered', changeCount: 1 }), 60)).toEqual([]);
    // Nobody else answered it: nothing to be far faster than.
    expect(reasonsFor(answer({ timeSpentSeconds: 1 }), null)).toEqual(['wrong']);
  });
});

describe('the suggested error type', () => {
  const suggest = (facts: AnswerFacts, median: number | null) =>
    suggestErrorType(facts, reasonsFor(facts, median), median, window);

  it('says guessed for a changed or far-too-fast answer', () => {
    expect(suggest(answer({ changeCount: 1 }), 60)).toBe('guessed');
    expect(suggest(answer({ timeSpentSeconds: 10 }), 60)).toBe('guessed');
  });

  it('says time pressure for an answer last saved in the closing tenth of the time', () => {
    expect(suggest(answer({ updatedAt: new Date('2026-03-01T09:55:00Z') }), 60)).toBe('timePressure');
    expect(suggest(answer({ updatedAt: new Date('2026-03-01T09:53:00Z') }), 60)).toBe('calculation');
  });

  it('compares the time with the class median: misread below it, calculation near it, concept far above', () => {
    expect(suggest(answer({ timeSpentSeconds: 40 }), 60)).toBe('misread');
    expect(suggest(answer({ timeSpentSeconds: 90 }), 60)).toBe('calculation');
    expect(suggest(answer({ timeSpentSeconds: 150 }), 60)).toBe('concept');
    expect(suggest(answer({ timeSpentSeconds: 40 }), null)).toBe('concept');
    expect(suggest(answer({ status: 'unanswered', isMarked: true }), 60)).toBe('concept');
  });
});
