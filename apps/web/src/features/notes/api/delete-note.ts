import { notesRoutes, type Note } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { CALENDAR_QUERY_ROOT, notesKeys } from './notes-keys';

export const deleteNote = (id: number) => callApiFull(notesRoutes.deleteNotes, { query: { id } });

export function useDeleteNote() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteNote,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notesKeys.list() });
      const previous = queryClient.getQueryData<Note[]>(notesKeys.list());
      queryClient.setQueryData<Note[]>(notesKeys.list(), (notes) => notes?.filter((note) => note.id !== id));
      return { previous };
    },
    onSuccess: ({ message }) => notify.success(message),
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(notesKeys.list(), context.previous);
      notify.apiError(error);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
      return queryClient.invalidateQueries({ queryKey: notesKeys.list() });
    },
  });
}
