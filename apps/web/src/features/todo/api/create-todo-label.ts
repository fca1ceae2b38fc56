import { todoRoutes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { todoKeys } from './todo-keys';

export const createTodoLabel = (title: string) => callApiFull(todoRoutes.createLabel, { body: { title } });

export function useCreateTodoLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createTodoLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: todoKeys.labels() });
    },
    onError: (error) => notify.apiError(error),
  });
}
