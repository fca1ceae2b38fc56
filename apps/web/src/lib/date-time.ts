/** Date helpers shared by the workspace screens. Local time is the browser's. */

const pad = (value: number) => String(value).padStart(2, '0');

/** The locale Intl uses for the app's language (tn is Tamil). */
export const intlLocale = (language: string) => (language === 'tn' ? 'ta-IN' : 'en-IN');

/**
 * The note reminder chip (spec 000 §9 "Date chip format: month, day, year, hour:minute"),
 * e.g. "Nov 22, 2026, 09:05". The month name follows the language.
 */
export function formatDateChip(iso: string, language = 'en', timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${Number(part('day'))}, ${part('year')}, ${part('hour')}:${part('minute')}`;
}

/** An ISO instant as the value of an <input type="datetime-local"> (local time, minutes). */
export function toDateTimeLocalValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${toDateValue(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant (UTC), or null when empty or invalid. */
export function fromDateTimeLocalValue(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A local calendar date as YYYY-MM-DD. */
export function toDateValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD as a local Date at midnight. */
export function parseDateValue(value: string): Date {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}

/** The browser's IANA time zone, sent so the server's "today" matches the student's. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** A date and time in the interface's language; Tamil on a 24-hour clock (the browser's Tamil time ends in "AM"/"PM"). */
export function dateTime(iso: string | number, language: string): string {
  return new Date(iso).toLocaleString(intlLocale(language), language === 'tn' ? { hourCycle: 'h23' } : undefined);
}
