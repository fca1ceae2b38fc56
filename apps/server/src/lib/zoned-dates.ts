import { WEEKDAYS, type Weekday } from '@app/contracts';

/**
 * Calendar dates (YYYY-MM-DD) as seen in an IANA time zone. To-do due dates are dates, not
 * instants, so "today" and "this week" depend on where the student is.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function partsOf(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The date of `instant` in `timeZone`, as YYYY-MM-DD. */
export function dateIn(instant: Date, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** YYYY-MM-DD plus `days` (may be negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant at which `date` begins in `timeZone`. */
export function startOfDateIn(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  let instant = guess - offsetAt(new Date(guess), timeZone);
  // A second pass settles days on which the offset changes.
  instant = guess - offsetAt(new Date(instant), timeZone);
  return new Date(instant);
}

/** The first day of the week that holds `date` (YYYY-MM-DD), for a week that starts on `firstDay`. */
export function weekStartOf(date: string, firstDay: Weekday): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday - WEEKDAYS.indexOf(firstDay) + 7) % 7));
}

/** ISO 8601 with the zone's offset, e.g. 2026-11-22T00:00:00+05:30. */
export function isoInZone(instant: Date, timeZone: string): string {
  const offsetMin = Math.round(offsetAt(instant, timeZone) / 60_000);
  const local = new Date(instant.getTime() + offsetMin * 60_000).toISOString().slice(0, 19);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
