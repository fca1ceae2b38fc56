import { notesRoutes, type CreateNoteBody, type Note } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { CALENDAR_QUERY_ROOT, notesKeys } from './notes-keys';

export const createNote = (body: CreateNoteBody) => callApiFull(notesRoutes.createNotes, { body });

/** Creates a note; the returned message is the toast either way (spec 000 §4, §8). */
export function useCreateNote() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createNote,
    onSuccess: ({ body, message }) => {
      queryClient.setQueryData<Note[]>(notesKeys.list(), (notes) =>
        notes && !notes.some((item) => item.id === body.id) ? [body, ...notes] : notes,
      );
      void queryClient.invalidateQueries({ queryKey: notesKeys.list() });
      notify.success(message);
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
    },
    onError: (error) => notify.apiError(error),
  });
}
