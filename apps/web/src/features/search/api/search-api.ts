import { searchRoutes, WORKSPACE_LIMITS, type SearchResult } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const searchKeys = {
  all: ['search'] as const,
  query: (text: string) => [...searchKeys.all, text] as const,
};

/** The server's case-insensitive search over the student's notes, bookmarks and to-dos. */
export const searchWorkspace = (q: string, signal?: AbortSignal): Promise<SearchResult[]> =>
  callApi(searchRoutes.query, { query: { q }, signal });

export function useWorkspaceSearch(text: string) {
  const q = text.trim().slice(0, WORKSPACE_LIMITS.searchQueryMax);
  return useQuery({
    queryKey: searchKeys.query(q),
    queryFn: ({ signal }) => searchWorkspace(q, signal),
    enabled: q.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
