import { notesRoutes, type Note } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notesKeys } from './notes-keys';

export const listNotes = (): Promise<Note[]> => callApi(notesRoutes.listNotes);

/** All of the student's notes (archived ones flagged); the screens filter them. */
export function useNotes() {
  return useQuery({ queryKey: notesKeys.list(), queryFn: listNotes });
}
