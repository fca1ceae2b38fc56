import { todoRoutes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { todoKeys } from './todo-keys';

export const deleteTodoLabel = (id: number) => callApiFull(todoRoutes.deleteLabel, { query: { id } });

/** The label leaves its to-dos too, so both lists are refetched. */
export function useDeleteTodoLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteTodoLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: todoKeys.all });
    },
    onError: (error) => notify.apiError(error),
  });
}
