import { notesRoutes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { notesKeys } from './notes-keys';

export const deleteNoteLabel = (id: number) => callApiFull(notesRoutes.deleteLabel, { query: { id } });

/** The label leaves its notes too, so both lists are refetched. */
export function useDeleteNoteLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteNoteLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: notesKeys.all });
    },
    onError: (error) => notify.apiError(error),
  });
}
