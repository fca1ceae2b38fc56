import { notesRoutes, type Label } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notesKeys } from './notes-keys';

export const listNoteLabels = (): Promise<Label[]> => callApi(notesRoutes.listLabels);

export function useNoteLabels() {
  return useQuery({ queryKey: notesKeys.labels(), queryFn: listNoteLabels });
}
