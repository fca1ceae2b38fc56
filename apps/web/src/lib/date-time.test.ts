import { describe, expect, it } from 'vitest';
import { dateTime, formatDateChip, fromDateTimeLocalValue, parseDateValue, toDateTimeLocalValue, toDateValue } from './date-time';

describe('formatDateChip (month, day, year, hour:minute)', () => {
  it('formats in English with a 24-hour clock and padded minutes', () => {
    expect(formatDateChip('2026-11-22T09:05:00.000Z', 'en', 'UTC')).toBe('Nov 22, 2026, 09:05');
    expect(formatDateChip('2026-01-03T23:59:00.000Z', 'en', 'UTC')).toBe('Jan 3, 2026, 23:59');
  });

  it('uses the time zone it is given', () => {
    expect(formatDateChip('2026-11-22T20:00:00.000Z', 'en', 'Asia/Kolkata')).toBe('Nov 23, 2026, 01:30');
  });

  it('names the month in Tamil for tn, keeping the same order', () => {
    const text = formatDateChip('2026-11-22T09:05:00.000Z', 'tn', 'UTC');
    expect(text).toMatch(/^\S+.* 22, 2026, 09:05$/);
    expect(text).not.toContain('Nov');
  });

  it('shows nothing for an unreadable date', () => {
    expect(formatDateChip('not a date')).toBe('');
  });
});

describe('datetime-local values', () => {
  it('round-trips an instant through the input value at minute precision', () => {
    const iso = new Date(2026, 10, 22, 7, 45).toISOString();
    expect(toDateTimeLocalValue(iso)).toBe('2026-11-22T07:45');
    expect(fromDateTimeLocalValue('2026-11-22T07:45')).toBe(iso);
  });

  it('treats empty or broken values as no value', () => {
    expect(toDateTimeLocalValue(null)).toBe('');
    expect(fromDateTimeLocalValue('')).toBeNull();
    expect(fromDateTimeLocalValue('2026-13-45T99:99')).toBeNull();
  });

  it('converts calendar dates both ways in local time', () => {
    expect(toDateValue(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(parseDateValue('2026-01-05').getTime()).toBe(new Date(2026, 0, 5).getTime());
  });
});

describe('dateTime', () => {
  it('writes Tamil on a 24-hour clock, with no English AM or PM', () => {
    const text = dateTime('2026-11-28T15:04:05Z', 'tn');
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(dateTime('2026-11-28T15:04:05Z', 'en')).toMatch(/2026/);
  });
});
