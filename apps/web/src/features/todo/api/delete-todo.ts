import { todoRoutes, type Todo } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { CALENDAR_QUERY_ROOT, todoKeys } from './todo-keys';

/** Moves a to-do to the trash; from the trash it deletes it for good. */
export const deleteTodo = (id: number) => callApiFull(todoRoutes.delete, { query: { id } });

export function useDeleteTodo() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteTodo,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: todoKeys.lists() });
      const previous = queryClient.getQueriesData<Todo[]>({ queryKey: todoKeys.lists() });
      queryClient.setQueriesData<Todo[]>({ queryKey: todoKeys.lists() }, (todos) =>
        todos?.filter((todo) => todo.id !== id),
      );
      return { previous };
    },
    onSuccess: ({ message }) => notify.success(message),
    onError: (error, _id, context) => {
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data));
      notify.apiError(error);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
      return queryClient.invalidateQueries({ queryKey: todoKeys.lists() });
    },
  });
}
