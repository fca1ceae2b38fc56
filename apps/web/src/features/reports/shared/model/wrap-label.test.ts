import { describe, expect, it } from 'vitest';
import { wrapLabel } from './wrap-label';

describe('chart axis labels are wrapped, not cut at the edge', () => {
  it('keeps a short label on one line', () => {
    expect(wrapLabel('Photosynthesis', 18)).toEqual(['Photosynthesis']);
  });
  it('wraps words onto a second line', () => {
    expect(wrapLabel('Current Electricity basics', 18)).toEqual(['Current', 'Electricity basics']);
  });
  it('ends with an ellipsis when a third line would be needed', () => {
    expect(wrapLabel('Laws of Motion and Circular Motion Problems', 14)).toEqual(['Laws of Motion', 'and Circular…']);
  });
  it('shortens one very long word', () => {
    expect(wrapLabel('Electromagnetisminduction', 10)).toEqual(['Electroma…']);
  });
});
