import { todoRoutes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { todoKeys } from './todo-keys';

export const editTodoLabel = ({ labelId, title }: { labelId: number; title: string }) =>
  callApiFull(todoRoutes.editLabel, { body: { labelId, title } });

export function useEditTodoLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: editTodoLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: todoKeys.labels() });
    },
    onError: (error) => notify.apiError(error),
  });
}
