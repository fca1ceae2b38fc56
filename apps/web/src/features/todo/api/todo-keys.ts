import type { TodoDueFilter, TodoFolder } from '@app/contracts';

export interface TodoListParams {
  folder: TodoFolder;
  labelId?: number;
  due?: TodoDueFilter;
}

/** Query keys of the to-do domain; every to-do call invalidates under `todoKeys.all`. */
export const todoKeys = {
  all: ['todo'] as const,
  lists: () => [...todoKeys.all, 'list'] as const,
  list: (params: TodoListParams) => [...todoKeys.lists(), params] as const,
  labels: () => [...todoKeys.all, 'labels'] as const,
};

/**
 * The calendar shows to-do due dates; its cache is refreshed by key, without importing the
 * calendar feature.
 */
export const CALENDAR_QUERY_ROOT = ['calendar'] as const;
