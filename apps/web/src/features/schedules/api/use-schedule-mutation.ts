import type { RouteBody, RouteDef } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { schedulesKeys } from './schedules-keys';

/** A schedule change: the server's message is the toast, and every schedule list is read again. */
export function useScheduleMutation<R extends RouteDef>(route: R) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: RouteBody<R>) => callApiFull(route, { body } as never),
    onSuccess: ({ message }) => {
      notify.success(message);
      void queryClient.invalidateQueries({ queryKey: schedulesKeys.all });
    },
    onError: (error) => notify.apiError(error),
  });
}
