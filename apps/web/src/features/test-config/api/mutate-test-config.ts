import {
  testConfigRoutes,
  type CreateTestConfigBody,
  type PublishTestConfigBody,
  type SaveSectionsBody,
  type TestConfig,
  type UpdateTestConfigBody,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { testConfigKeys } from './test-config-keys';

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
