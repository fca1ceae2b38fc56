import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  readableOn,
  readableTextOn,
  dayPlacement,
  entryColor,
  eventsOnDay,
  monthGrid,
  shiftAnchor,
  SOURCE_COLORS,
  startOfWeek,
  viewDays,
  visibleRange,
} from './calendar-grid';

const ymd = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('monthGrid', () => {
  it('covers November 2026 in 5 whole weeks starting on Sunday', () => {
    const weeks = monthGrid(new Date(2026, 10, 22));
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(ymd(weeks[0]![0]!)).toBe('2026-11-01');
    expect(ymd(weeks[4]![6]!)).toBe('2026-12-05');
  });

  it('needs only 4 rows for February 2026 (starts on Sunday, 28 days)', () => {
    const weeks = monthGrid(new Date(2026, 1, 10));
    expect(weeks).toHaveLength(4);
    expect(ymd(weeks[0]![0]!)).toBe('2026-02-01');
    expect(ymd(weeks[3]![6]!)).toBe('2026-02-28');
  });

  it('needs 6 rows when a 31-day month starts on Saturday (August 2026)', () => {
    const weeks = monthGrid(new Date(2026, 7, 1));
    expect(weeks).toHaveLength(6);
    expect(ymd(weeks[0]![0]!)).toBe('2026-07-26');
    expect(ymd(weeks[5]![6]!)).toBe('2026-09-05');
  });

  it('starts the week on Monday when asked', () => {
    const weeks = monthGrid(new Date(2026, 10, 1), 1);
    expect(ymd(weeks[0]![0]!)).toBe('2026-10-26');
    expect(weeks[0]![0]!.getDay()).toBe(1);
  });
});

describe('ranges and navigation', () => {
  it('asks for the whole grid of a month view, end exclusive', () => {
    const { from, to } = visibleRange('month', new Date(2026, 10, 22));
    expect(ymd(from)).toBe('2026-11-01');
    expect(ymd(to)).toBe('2026-12-06');
  });

  it('asks for seven days in week view and one in day view', () => {
    const week = visibleRange('week', new Date(2026, 10, 25, 15));
    expect([ymd(week.from), ymd(week.to)]).toEqual(['2026-11-22', '2026-11-29']);
    const day = visibleRange('day', new Date(2026, 10, 25, 15));
    expect([ymd(day.from), ymd(day.to)]).toEqual(['2026-11-25', '2026-11-26']);
    expect(viewDays('week', new Date(2026, 10, 25)).map(ymd)[0]).toBe('2026-11-22');
    expect(ymd(startOfWeek(new Date(2026, 10, 22)))).toBe('2026-11-22');
  });

  it('steps by month (clamping the day), week and day', () => {
    expect(ymd(shiftAnchor('month', new Date(2026, 0, 31), 1))).toBe('2026-02-28');
    expect(ymd(shiftAnchor('month', new Date(2026, 0, 15), -1))).toBe('2025-12-15');
    expect(ymd(shiftAnchor('week', new Date(2026, 10, 25), 1))).toBe('2026-12-02');
    expect(ymd(shiftAnchor('day', new Date(2026, 11, 31), 1))).toBe('2027-01-01');
  });
});

describe('entries on a day', () => {
  const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m, d, h, min).toISOString();
  const allDay = { start: at(2026, 10, 22), end: at(2026, 10, 23) };
  const evening = { start: at(2026, 10, 22, 18), end: at(2026, 10, 22, 19, 30) };
  const overnight = { start: at(2026, 10, 22, 23), end: at(2026, 10, 23, 1) };
  const reminder = { start: at(2026, 10, 23, 9), end: at(2026, 10, 23, 9) };

  it('keeps an all-day entry on its own day only, and splits nothing else', () => {
    expect(eventsOnDay([allDay, evening, overnight, reminder], new Date(2026, 10, 22))).toEqual([
      allDay,
      evening,
      overnight,
    ]);
    expect(eventsOnDay([allDay, evening, overnight, reminder], new Date(2026, 10, 23))).toEqual([overnight, reminder]);
  });

  it('places a timed entry as fractions of the day, clipped at midnight', () => {
    expect(dayPlacement(evening, new Date(2026, 10, 22))).toEqual({ top: 18 / 24, height: 1.5 / 24 });
    expect(dayPlacement(overnight, new Date(2026, 10, 22))).toEqual({ top: 23 / 24, height: 1 / 24 });
    expect(dayPlacement(reminder, new Date(2026, 10, 23)).height).toBeCloseTo(0.5 / 24);
  });

  it('colours entries by source; own events keep their colour', () => {
    expect(entryColor({ source: 'todo', color: null })).toBe(SOURCE_COLORS.todo);
    expect(entryColor({ source: 'note', color: '#ffffff' })).toBe(SOURCE_COLORS.note);
    expect(entryColor({ source: 'event', color: '#f28b82' })).toBe('#f28b82');
    expect(new Set(Object.values(SOURCE_COLORS)).size).toBe(4);
  });
});

describe('entry text colours reach 4.5:1 on any event colour', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 0);
    expect(contrastRatio('#1e3a8a', '#ffffff')).toBeGreaterThan(10);
  });
  it('puts white on dark colours and dark text on light ones', () => {
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#fde68a')).toBe('#111827');
    for (const color of ['#dc2626', '#ea580c', '#16a34a', '#0891b2', '#9333ea', '#db2777', '#475569']) {
      expect(contrastRatio(color, readableTextOn(color))).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('keeps a source colour as text on white when it reads, and replaces it when not', () => {
    expect(readableOn('#ffffff', '#0f766e')).toBe('#0f766e');
    expect(readableOn('#ffffff', '#facc15')).toBe('#111827');
  });
});
