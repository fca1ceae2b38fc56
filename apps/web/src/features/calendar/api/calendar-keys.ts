/**
 * Query keys of the calendar. The root is the literal ['calendar'] because the to-do and notes
 * features refresh it by that key when due dates or reminders change.
 */
export const calendarKeys = {
  all: ['calendar'] as const,
  events: (from: string, to: string) => [...calendarKeys.all, 'events', from, to] as const,
};
