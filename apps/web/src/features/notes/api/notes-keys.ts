/** Query keys of the notes domain; every notes call invalidates under `notesKeys.all`. */
export const notesKeys = {
  all: ['notes'] as const,
  list: () => [...notesKeys.all, 'list'] as const,
  labels: () => [...notesKeys.all, 'labels'] as const,
};

/** The calendar shows note reminders; its cache is refreshed by key, without importing the calendar feature. */
export const CALENDAR_QUERY_ROOT = ['calendar'] as const;
