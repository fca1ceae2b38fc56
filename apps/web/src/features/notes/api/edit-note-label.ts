import { notesRoutes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { notesKeys } from './notes-keys';

export const editNoteLabel = ({ labelId, title }: { labelId: number; title: string }) =>
  callApiFull(notesRoutes.editLabel, { body: { labelId, title } });

export function useEditNoteLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: editNoteLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: notesKeys.labels() });
    },
    onError: (error) => notify.apiError(error),
  });
}
