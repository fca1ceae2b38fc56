/** Query keys of the notes domain; every notes call invalidates under `notesKeys.all`. */
export const notesKeys = {
  all: ['notes'] as const,
  list: () => [...notesKeys.all, 'list'] as const,
  labels: () => [...notesKeys.all, 'labels'] as const,
};
