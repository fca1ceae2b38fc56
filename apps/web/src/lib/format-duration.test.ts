import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration (HH : MM : SS, hours hidden when zero)', () => {
  it('hides the hours when they are zero', () => {
    expect(formatDuration(0)).toBe('00 : 00');
    expect(formatDuration(59)).toBe('00 : 59');
    expect(formatDuration(61)).toBe('01 : 01');
    expect(formatDuration(3599)).toBe('59 : 59');
  });
  it('shows hours from one hour on', () => {
    expect(formatDuration(3600)).toBe('01 : 00 : 00');
    expect(formatDuration(3 * 3600 + 25 * 60 + 7)).toBe('03 : 25 : 07');
  });
  it('never shows a negative or fractional time', () => {
    expect(formatDuration(-5)).toBe('00 : 00');
    expect(formatDuration(9.9)).toBe('00 : 09');
  });
});
