import { academyRoutes, questionBankRoutes, testConfigRoutes, type CreateTestConfigBody, type ListQuestionsQuery, type ListTestConfigsQuery, type PublishTestConfigBody, type SaveSectionsBody, type TestConfig, type UpdateTestConfigBody } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { testConfigKeys } from './test-config-keys';

export const getTestConfig = (testId: number) => callApi(testConfigRoutes.get, { query: { testId } });

export function useTestConfig(testId: number) {
  return useQuery({ queryKey: testConfigKeys.detail(testId), queryFn: () => getTestConfig(testId) });
}

export const listTestConfigs = (query: ListTestConfigsQuery) => callApi(testConfigRoutes.list, { query });

/** The tests the staff member may configure, a page at a time. */
export function useTestConfigs(query: ListTestConfigsQuery) {
  return useQuery({ queryKey: testConfigKeys.list(query), queryFn: () => listTestConfigs(query), placeholderData: keepPreviousData });
}

export const createTestConfig = (body: CreateTestConfigBody) => callApi(testConfigRoutes.create, { body });
export const updateTestConfig = (body: UpdateTestConfigBody) => callApi(testConfigRoutes.update, { body });
export const saveTestSections = (body: SaveSectionsBody) => callApi(testConfigRoutes.saveSections, { body });
export const publishTestConfig = (body: PublishTestConfigBody) => callApi(testConfigRoutes.publish, { body });

/** Each change answers with the whole configuration, which replaces the cached one. */
function useConfigMutation<B>(call: (body: B) => Promise<TestConfig>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (config) => {
      queryClient.setQueryData(testConfigKeys.detail(config.testId), config);
      void queryClient.invalidateQueries({ queryKey: [...testConfigKeys.all, 'list'] });
    },
  });
}

export const useCreateTestConfig = () => useConfigMutation(createTestConfig);
export const useUpdateTestConfig = () => useConfigMutation(updateTestConfig);
export const useSaveTestSections = () => useConfigMutation(saveTestSections);
export const usePublishTestConfig = () => useConfigMutation(publishTestConfig);

export const previewTestConfig = (testId: number) => callApi(testConfigRoutes.preview, { query: { testId } });

/** The test as a student would be served it (a fresh sample draw each time it is opened). */
export function useTestPreview(testId: number, isEnabled: boolean) {
  return useQuery({ queryKey: testConfigKeys.preview(testId), queryFn: () => previewTestConfig(testId), enabled: isEnabled, gcTime: 0, staleTime: 0 });
}

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
