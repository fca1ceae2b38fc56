import { todoRoutes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { CALENDAR_QUERY_ROOT, todoKeys } from './todo-keys';

export const restoreTodo = (id: number) => callApiFull(todoRoutes.restore, { body: { id } });

export function useRestoreTodo() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: restoreTodo,
    onSuccess: ({ message }) => {
      notify.success(message);
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
      return queryClient.invalidateQueries({ queryKey: todoKeys.lists() });
    },
    onError: (error) => notify.apiError(error),
  });
}
