import { notebookRoutes, type NotebookListQuery, type NotebookPage } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notebookKeys } from './notebook-keys';

export const listCards = (query: NotebookListQuery): Promise<NotebookPage> =>
  callApi(notebookRoutes.listCards, { query });

/** A page of the student's cards; the previous page stays on screen while the next one loads. */
export function useNotebookCards(query: NotebookListQuery) {
  return useQuery({
    queryKey: notebookKeys.list(query),
    queryFn: () => listCards(query),
    placeholderData: keepPreviousData,
  });
}
