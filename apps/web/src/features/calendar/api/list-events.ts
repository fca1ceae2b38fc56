import { calendarRoutes, type CalendarEvent } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/date-time';
import { calendarKeys } from './calendar-keys';

/** Entries overlapping [from, to): own events plus to-do due dates, note reminders and tests. */
export const listEvents = (from: string, to: string): Promise<CalendarEvent[]> =>
  callApi(calendarRoutes.listEvents, { query: { from, to, tz: browserTimeZone() } });

export function useCalendarEvents(from: Date, to: Date) {
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  return useQuery({
    queryKey: calendarKeys.events(fromIso, toIso),
    queryFn: () => listEvents(fromIso, toIso),
    placeholderData: keepPreviousData,
  });
}
