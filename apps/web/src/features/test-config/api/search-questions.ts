import { academyRoutes, questionBankRoutes, type ListQuestionsQuery } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { testConfigKeys } from './test-config-keys';

/** The question bank's own list, searched for questions to place in a section. */
export function useQuestionSearch(query: ListQuestionsQuery, isEnabled: boolean) {
  return useQuery({
    queryKey: testConfigKeys.questions(query),
    queryFn: () => callApi(questionBankRoutes.list, { query }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useCourseOptions() {
  return useQuery({ queryKey: testConfigKeys.courses(), queryFn: () => callApi(academyRoutes.listCourses) });
}

export function useTopicOptions(courseId: number | undefined) {
  return useQuery({
    queryKey: testConfigKeys.topics(courseId ?? 0),
    queryFn: () => callApi(academyRoutes.listTopics, { query: { courseId: courseId! } }),
    enabled: !!courseId,
  });
}
