import { todoRoutes, type Todo, type UpdateTodoBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { CALENDAR_QUERY_ROOT, todoKeys } from './todo-keys';

export const updateTodo = (body: UpdateTodoBody) => callApiFull(todoRoutes.update, { body });

/** Star, important and complete flip at once in every cached list; a refusal rolls them back. */
export function useUpdateTodo({ isQuiet = false }: { isQuiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: updateTodo,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: todoKeys.lists() });
      const previous = queryClient.getQueriesData<Todo[]>({ queryKey: todoKeys.lists() });
      queryClient.setQueriesData<Todo[]>({ queryKey: todoKeys.lists() }, (todos) =>
        todos?.map((todo) =>
          todo.id === Number(change.id)
            ? {
                ...todo,
                ...(change.title !== undefined && { title: change.title }),
                ...(change.notes !== undefined && { notes: change.notes }),
                ...(change.dueDate !== undefined && { dueDate: change.dueDate }),
                ...(change.starred !== undefined && { starred: change.starred }),
                ...(change.important !== undefined && { important: change.important }),
                ...(change.completed !== undefined && { completed: change.completed }),
                ...(change.labels !== undefined && { labels: change.labels.map(Number) }),
              }
            : todo,
        ),
      );
      return { previous };
    },
    onSuccess: ({ message }) => {
      if (!isQuiet) notify.success(message);
    },
    onError: (error, _change, context) => {
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data));
      notify.apiError(error);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
      return queryClient.invalidateQueries({ queryKey: todoKeys.lists() });
    },
  });
}
