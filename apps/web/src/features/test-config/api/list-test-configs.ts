import { testConfigRoutes, type ListTestConfigsQuery } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { testConfigKeys } from './test-config-keys';

export const listTestConfigs = (query: ListTestConfigsQuery) => callApi(testConfigRoutes.list, { query });

/** The tests the staff member may configure, a page at a time. */
export function useTestConfigs(query: ListTestConfigsQuery) {
  return useQuery({ queryKey: testConfigKeys.list(query), queryFn: () => listTestConfigs(query), placeholderData: keepPreviousData });
}
