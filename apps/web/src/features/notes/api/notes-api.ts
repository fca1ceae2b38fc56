import { notesRoutes, type CreateNoteBody, type EditNoteBody, type Label, type Note } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { CALENDAR_QUERY_ROOT, notesKeys } from './notes-keys';

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

export const listNoteLabels = (): Promise<Label[]> => callApi(notesRoutes.listLabels);

export function useNoteLabels() {
  return useQuery({ queryKey: notesKeys.labels(), queryFn: listNoteLabels });
}

export const listNotes = (): Promise<Note[]> => callApi(notesRoutes.listNotes);

/** All of the student's notes (archived ones flagged); the screens filter them. */
export function useNotes() {
  return useQuery({ queryKey: notesKeys.list(), queryFn: listNotes });
}
