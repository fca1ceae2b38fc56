import { testConfigRoutes } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { testConfigKeys } from './test-config-keys';

export const previewTestConfig = (testId: number) => callApi(testConfigRoutes.preview, { query: { testId } });

/** The test as a student would be served it (a fresh sample draw each time it is opened). */
export function useTestPreview(testId: number, isEnabled: boolean) {
  return useQuery({ queryKey: testConfigKeys.preview(testId), queryFn: () => previewTestConfig(testId), enabled: isEnabled, gcTime: 0, staleTime: 0 });
}
