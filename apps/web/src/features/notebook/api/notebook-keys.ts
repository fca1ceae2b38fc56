import type { NotebookListQuery } from '@app/contracts';

/** Query keys of the notebook; every notebook change invalidates under `notebookKeys.all`. */
export const notebookKeys = {
  all: ['notebook'] as const,
  list: (query: NotebookListQuery) => [...notebookKeys.all, 'list', query] as const,
  reviewQueue: ['notebook', 'reviewQueue'] as const,
  retest: ['notebook', 'retest'] as const,
  kept: (attemptId: string) => ['notebook', 'kept', attemptId] as const,
};
