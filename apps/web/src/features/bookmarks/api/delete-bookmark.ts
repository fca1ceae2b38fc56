import { bookmarksRoutes, type Bookmark } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { bookmarksKeys } from './bookmarks-keys';

export const deleteBookmark = (id: number) => callApiFull(bookmarksRoutes.deleteBookmark, { query: { id } });

export function useDeleteBookmark() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteBookmark,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: bookmarksKeys.list() });
      const previous = queryClient.getQueryData<Bookmark[]>(bookmarksKeys.list());
      queryClient.setQueryData<Bookmark[]>(bookmarksKeys.list(), (items) => items?.filter((item) => item.id !== id));
      return { previous };
    },
    onSuccess: ({ message }) => notify.success(message),
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(bookmarksKeys.list(), context.previous);
      notify.apiError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarksKeys.list() }),
  });
}
