import type { Activity } from '@app/contracts';

const DAY_MS = 86_400_000;

/** The calendar days from `firstDay` for `count` days (YYYY-MM-DD), oldest first. */
export function daysFrom(firstDay: string, count: number): string[] {
  const start = Date.parse(`${firstDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

/** Every day of the range with the tests submitted and the seconds studied on it (zero when none). */
export function activityByDay(days: string[], testDays: string[], study: { day: string; seconds: number }[]): Activity['days'] {
  const tests = new Map<string, number>();
  for (const day of testDays) tests.set(day, (tests.get(day) ?? 0) + 1);
  const seconds = new Map(study.map((s) => [s.day, s.seconds]));
  return days.map((date) => ({ date, tests: tests.get(date) ?? 0, studySeconds: seconds.get(date) ?? 0 }));
}
