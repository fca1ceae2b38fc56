import { intlLocale } from '../../../lib/date-time';

/** An instant in the browser's time zone, e.g. "4 May 2026, 9:30 am". */
export function formatInstant(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
