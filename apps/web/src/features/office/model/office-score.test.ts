import { describe, expect, it } from 'vitest';
import { formatPercentage, isFullMarks, scoreColour } from './office-score';
import { parseResultDesc, readSavedResult } from './office-result';
import { editorUserName } from './editor-user';

describe('office score', () => {
  it('bands: green above 80, orange above 50, otherwise red', () => {
    expect([100, 80.01, 80, 50.01, 50, 0].map(scoreColour)).toEqual(['green', 'green', 'orange', 'orange', 'red', 'red']);
  });
  it('shows two decimals', () => {
    expect(formatPercentage(66.666)).toBe('66.67');
    expect(formatPercentage(100)).toBe('100.00');
    expect(formatPercentage(0)).toBe('0.00');
  });
  it('full marks only at 100', () => {
    expect(isFullMarks(100)).toBe(true);
    expect(isFullMarks(99.99)).toBe(false);
  });
});

describe('resultDesc', () => {
  it('reads the percentage and the unmatched names', () => {
    expect(parseResultDesc('{"percentage":66.67,"unmatched":["A7 total"]}')).toEqual({ percentage: 66.67, unmatched: ['A7 total'] });
  });
  it('reads nothing from empty, broken or foreign text', () => {
    expect(parseResultDesc(null)).toBeNull();
    expect(parseResultDesc('not json')).toBeNull();
    expect(parseResultDesc('{"score":3}')).toBeNull();
  });
  it('a saved answer is an office result only with a percentage', () => {
    expect(readSavedResult({ percentage: 40, unmatched: ['x'], runID: 'r1', path: 'p' })).toEqual({ percentage: 40, unmatched: ['x'], runID: 'r1', path: 'p' });
    // On the Tamil interface the saved Tamil items (when the server saved them) are shown.
    const saved = { percentage: 40, unmatched: ['Uses SUM'], unmatchedTn: ['SUM பயன்படுத்தப்பட்டுள்ளது'], runID: 'r1', path: 'p' };
    expect(readSavedResult(saved, 'tn')?.unmatched).toEqual(['SUM பயன்படுத்தப்பட்டுள்ளது']);
    expect(readSavedResult(saved, 'en')?.unmatched).toEqual(['Uses SUM']);
    expect(readSavedResult({ percentage: 40, unmatched: ['x'], runID: 'r1', path: 'p' }, 'tn')?.unmatched).toEqual(['x']);
    expect(readSavedResult([{ id: '1-0', value: 'a' }])).toBeNull();
    expect(readSavedResult('text')).toBeNull();
  });
});

describe('editor user name (spec 001 §6)', () => {
  it('is the e-mail’s local part, else the account name', () => {
    expect(editorUserName('priya.r@school.in', 'student')).toBe('priya.r');
    expect(editorUserName(null, 'student')).toBe('student');
    expect(editorUserName('@x.in', 'student')).toBe('student');
  });
});
