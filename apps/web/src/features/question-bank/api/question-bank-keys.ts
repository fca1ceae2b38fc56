import type { ListQuestionsQuery } from '@app/contracts';

/** Query keys of the question bank; every change invalidates under `questionBankKeys.all`. */
export const questionBankKeys = {
  all: ['question-bank'] as const,
  list: (query: ListQuestionsQuery) => [...questionBankKeys.all, 'list', query] as const,
  question: (questionId: number, version?: number) => [...questionBankKeys.all, 'question', questionId, version ?? 'current'] as const,
  regrades: (questionId: number) => [...questionBankKeys.all, 'regrades', questionId] as const,
  job: (jobId: string) => ['jobs', jobId] as const,
  courses: () => [...questionBankKeys.all, 'courses'] as const,
  managedCourses: () => [...questionBankKeys.all, 'managed-courses'] as const,
  topics: (courseId: number) => [...questionBankKeys.all, 'topics', courseId] as const,
};
