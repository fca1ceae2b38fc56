import { notesRoutes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { notesKeys } from './notes-keys';

export const createNoteLabel = (title: string) => callApiFull(notesRoutes.createLabel, { body: { title } });

export function useCreateNoteLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createNoteLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: notesKeys.labels() });
    },
    onError: (error) => notify.apiError(error),
  });
}
