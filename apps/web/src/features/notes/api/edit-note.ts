import { notesRoutes, type EditNoteBody, type Note } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { CALENDAR_QUERY_ROOT, notesKeys } from './notes-keys';

export const editNote = (body: EditNoteBody) => callApiFull(notesRoutes.editNotes, { body });

/** Applies the change to the cached list at once (pin, colour, archive feel instant), rolls back on failure. */
export function useEditNote({ isQuiet = false }: { isQuiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: editNote,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notesKeys.list() });
      const previous = queryClient.getQueryData<Note[]>(notesKeys.list());
      queryClient.setQueryData<Note[]>(notesKeys.list(), (notes) =>
        notes?.map((note) => (note.id === Number(change.id) ? optimisticNote(note, change) : note)),
      );
      return { previous };
    },
    onSuccess: ({ message }) => {
      if (!isQuiet) notify.success(message);
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(notesKeys.list(), context.previous);
      notify.apiError(error);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
      return queryClient.invalidateQueries({ queryKey: notesKeys.list() });
    },
  });
}

function optimisticNote(note: Note, change: EditNoteBody): Note {
  return {
    ...note,
    ...(change.title !== undefined && { title: change.title }),
    ...(change.description !== undefined && { description: change.description }),
    ...(change.archive !== undefined && { archive: change.archive }),
    ...(change.pinned !== undefined && { pinned: change.pinned }),
    ...(change.color !== undefined && { color: change.color }),
    ...(change.reminder !== undefined && { reminder: change.reminder }),
    ...(change.image !== undefined && { image: change.image }),
    ...(change.labels !== undefined && { labels: change.labels.map(Number) }),
    ...(change.checklist !== undefined && {
      checklist: change.checklist.map((item, index) => ({
        id: item.id ?? `new-${index}`,
        text: item.text,
        checked: item.checked ?? false,
      })),
    }),
  };
}
