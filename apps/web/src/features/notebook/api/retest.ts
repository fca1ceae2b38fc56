import { notebookRoutes, type Retest, type RetestStatus } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi } from '../../../lib/api-client';
import { notebookKeys } from './notebook-keys';

export const getRetestStatus = (): Promise<RetestStatus> => callApi(notebookRoutes.retestStatus, {});

/** This week's re-test of due cards: its size, whether it can be started, and the past ones. */
export function useRetestStatus() {
  return useQuery({ queryKey: notebookKeys.retest, queryFn: getRetestStatus });
}

/** Makes this week's re-test (or returns the one made); the caller opens its test. */
export function useStartRetest() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (): Promise<Retest> => callApi(notebookRoutes.startRetest, { body: {} }),
    onError: (error) => notify.apiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookKeys.retest }),
  });
}
