import { notebookRoutes, type UpdateCardBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { notebookKeys } from './notebook-keys';

export const updateCard = (body: UpdateCardBody) => callApiFull(notebookRoutes.updateCard, { body });

/** Changes a card's error type or note, then reloads the notebook (a filter by error type may now leave it out). */
export function useUpdateCard() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: updateCard,
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.apiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookKeys.all }),
  });
}
