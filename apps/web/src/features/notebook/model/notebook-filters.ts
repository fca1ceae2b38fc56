import { ERROR_TYPES, type ErrorType, type NotebookListQuery } from '@app/contracts';

/** The notebook's filters and page, as the address's query string carries them. */
export interface NotebookFilters {
  subject?: string;
  topic?: string;
  taskId?: number;
  errorType?: ErrorType;
  page: number;
}

const FILTER_KEYS = ['subject', 'topic', 'taskId', 'errorType'] as const;

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Reads the filters from the query string; a value that cannot be one is left out. */
export function filtersFromSearch(search: URLSearchParams): NotebookFilters {
  const text = (key: string) => search.get(key)?.trim() || undefined;
  const errorType = search.get('errorType');
  const filters: NotebookFilters = { page: positiveInt(search.get('page')) ?? 1 };
  const subject = text('subject');
  const topic = text('topic');
  const taskId = positiveInt(search.get('taskId'));
  if (subject) filters.subject = subject;
  if (topic) filters.topic = topic;
  if (taskId) filters.taskId = taskId;
  if (errorType && (ERROR_TYPES as readonly string[]).includes(errorType)) filters.errorType = errorType as ErrorType;
  return filters;
}

/** The query string of filters; a changed filter starts again at the first page. */
export function searchOfFilters(filters: NotebookFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key] !== undefined) search.set(key, String(filters[key]));
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

export function withFilter(
  filters: NotebookFilters,
  key: (typeof FILTER_KEYS)[number],
  value: string,
): NotebookFilters {
  const next: NotebookFilters = { ...filters, page: 1 };
  delete next[key];
  if (value === '') return next;
  return filtersFromSearch(searchOfFilters({ ...next, [key]: value } as NotebookFilters));
}

export const hasFilters = (filters: NotebookFilters) => FILTER_KEYS.some((key) => filters[key] !== undefined);

export function queryOfFilters(filters: NotebookFilters, pageSize: number): NotebookListQuery {
  return { ...filters, pageSize };
}
