import type { CalendarEvent, CalendarSource } from '@app/contracts';

export type CalendarMode = 'month' | 'week' | 'day';
export const CALENDAR_MODES: readonly CalendarMode[] = ['month', 'week', 'day'];

const DAY_MS = 86_400_000;

/** Local midnight of a date. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Adds calendar days in local time (safe across daylight-saving changes). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes());
}

export function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** The first day of the week holding `date` (weeks start on Sunday unless told otherwise). */
export function startOfWeek(date: Date, weekStartsOn = 0): Date {
  const day = startOfDay(date);
  return addDays(day, -((day.getDay() - weekStartsOn + 7) % 7));
}

/**
 * The month view's weeks: whole weeks from the one holding the 1st to the one holding the last
 * day, so 4 to 6 rows of 7 days; days of the neighbouring months fill the edges.
 */
export function monthGrid(anchor: Date, weekStartsOn = 0): Date[][] {
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const weeks: Date[][] = [];
  for (let start = startOfWeek(first, weekStartsOn); start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(start, index)));
  }
  return weeks;
}

/** The days of the week or day view. */
export function viewDays(mode: Exclude<CalendarMode, 'month'>, anchor: Date, weekStartsOn = 0): Date[] {
  if (mode === 'day') return [startOfDay(anchor)];
  const start = startOfWeek(anchor, weekStartsOn);
  return Array.from({ length: 7 }, (_, index) => addDays(start, index));
}

/** The [from, to) window a view asks the server for. */
export function visibleRange(mode: CalendarMode, anchor: Date, weekStartsOn = 0): { from: Date; to: Date } {
  if (mode === 'month') {
    const weeks = monthGrid(anchor, weekStartsOn);
    return { from: weeks[0]![0]!, to: addDays(weeks[weeks.length - 1]![6]!, 1) };
  }
  const days = viewDays(mode, anchor, weekStartsOn);
  return { from: days[0]!, to: addDays(days[days.length - 1]!, 1) };
}

/** Previous / next: a month, a week or a day. Month steps clamp to the month's length (31 Jan → 28 Feb). */
export function shiftAnchor(mode: CalendarMode, anchor: Date, step: number): Date {
  if (mode === 'month') {
    const target = new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
    const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
    return new Date(target.getFullYear(), target.getMonth(), Math.min(anchor.getDate(), lastDay));
  }
  return addDays(startOfDay(anchor), mode === 'week' ? 7 * step : step);
}

/** Entries that touch a day: overlapping [midnight, next midnight), or an instant inside it. */
export function eventsOnDay<T extends Pick<CalendarEvent, 'start' | 'end'>>(events: T[], day: Date): T[] {
  const from = startOfDay(day).getTime();
  const to = addDays(startOfDay(day), 1).getTime();
  return events.filter((event) => {
    const start = Date.parse(event.start);
    const end = Date.parse(event.end);
    return end > start ? start < to && end > from : start >= from && start < to;
  });
}

/**
 * A timed entry of a day or more (a test window open for several days) is drawn with the all-day
 * entries, as calendars do, instead of filling every hour of each day it touches.
 */
export function spansDays(event: Pick<CalendarEvent, 'start' | 'end' | 'allDay'>): boolean {
  return !event.allDay && Date.parse(event.end) - Date.parse(event.start) >= DAY_MS;
}

/** Where a timed entry sits in a day column, as fractions of the day (clipped to the day). */
export function dayPlacement(event: Pick<CalendarEvent, 'start' | 'end'>, day: Date): { top: number; height: number } {
  const from = startOfDay(day).getTime();
  const start = Math.max(Date.parse(event.start), from);
  const end = Math.min(Math.max(Date.parse(event.end), start + 30 * 60_000), from + DAY_MS);
  return { top: (start - from) / DAY_MS, height: Math.max((end - start) / DAY_MS, 1 / 48) };
}

/** Distinct colours per source; the student's own events keep the colour they picked. */
export const SOURCE_COLORS: Record<CalendarSource, string> = {
  event: '#1e3a8a',
  todo: '#0f766e',
  note: '#b45309',
  test: '#7c3aed',
};

export function entryColor(event: Pick<CalendarEvent, 'source' | 'color'>): string {
  return event.source === 'event' ? (event.color ?? SOURCE_COLORS.event) : SOURCE_COLORS[event.source];
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const DARK_TEXT = '#111827';

/** White or near-black, whichever reads better on `background`. */
export function readableTextOn(background: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return '#ffffff';
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, DARK_TEXT) ? '#ffffff' : DARK_TEXT;
}

/** `color` as text on `background` when it reaches 4.5:1, else the readable text colour. */
export function readableOn(background: string, color: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color) || !/^#[0-9a-f]{6}$/i.test(background)) return color;
  return contrastRatio(background, color) >= 4.5 ? color : readableTextOn(background);
}
