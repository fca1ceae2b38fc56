import { testConfigRoutes } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { testConfigKeys } from './test-config-keys';

export const getTestConfig = (testId: number) => callApi(testConfigRoutes.get, { query: { testId } });

export function useTestConfig(testId: number) {
  return useQuery({ queryKey: testConfigKeys.detail(testId), queryFn: () => getTestConfig(testId) });
}
