import { bookmarksRoutes, type Bookmark, type EditBookmarkBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { bookmarksKeys } from './bookmarks-keys';

export const editBookmark = (body: EditBookmarkBody) => callApiFull(bookmarksRoutes.editBookmark, { body });

/** Applies the change to the cached list at once and rolls back if the server refuses it. */
export function useEditBookmark() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: editBookmark,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: bookmarksKeys.list() });
      const previous = queryClient.getQueryData<Bookmark[]>(bookmarksKeys.list());
      queryClient.setQueryData<Bookmark[]>(bookmarksKeys.list(), (items) =>
        items?.map((item) =>
          item.id === Number(change.id)
            ? {
                ...item,
                ...(change.title !== undefined && { title: change.title }),
                ...(change.link !== undefined && { link: change.link }),
                ...(change.archive !== undefined && { archive: change.archive }),
                ...(change.image !== undefined && { image: change.image }),
                ...(change.labels !== undefined && { labels: change.labels.map(Number) }),
              }
            : item,
        ),
      );
      return { previous };
    },
    onSuccess: ({ message }) => notify.success(message),
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(bookmarksKeys.list(), context.previous);
      notify.apiError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarksKeys.list() }),
  });
}
