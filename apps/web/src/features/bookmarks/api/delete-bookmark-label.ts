import { bookmarksRoutes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { bookmarksKeys } from './bookmarks-keys';

export const deleteBookmarkLabel = (id: number) => callApiFull(bookmarksRoutes.deleteLabel, { query: { labelId: id } });

/** The label leaves its bookmarks too, so both lists are refetched. */
export function useDeleteBookmarkLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteBookmarkLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: bookmarksKeys.all });
    },
    onError: (error) => notify.apiError(error),
  });
}
