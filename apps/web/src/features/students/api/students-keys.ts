/** Query keys of the students domain; every change invalidates under `studentsKeys.all`. */
export const studentsKeys = {
  all: ['students'] as const,
  list: (query: unknown) => [...studentsKeys.all, 'list', query] as const,
  detail: (id: number) => [...studentsKeys.all, 'detail', id] as const,
  job: (id: string) => [...studentsKeys.all, 'job', id] as const,
};
