import type { ListQuestionsQuery, ListTestConfigsQuery } from '@app/contracts';

export const testConfigKeys = {
  all: ['test-config'] as const,
  list: (query: ListTestConfigsQuery) => [...testConfigKeys.all, 'list', query] as const,
  detail: (testId: number) => [...testConfigKeys.all, 'detail', testId] as const,
  preview: (testId: number) => [...testConfigKeys.all, 'preview', testId] as const,
  questions: (query: ListQuestionsQuery) => [...testConfigKeys.all, 'questions', query] as const,
  courses: () => [...testConfigKeys.all, 'courses'] as const,
  topics: (courseId: number) => [...testConfigKeys.all, 'topics', courseId] as const,
};
