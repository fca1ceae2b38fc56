import { bookmarksRoutes, type Bookmark, type CreateBookmarkBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { bookmarksKeys } from './bookmarks-keys';

export const createBookmark = (body: CreateBookmarkBody) => callApiFull(bookmarksRoutes.createBookmark, { body });

/** Creates a bookmark; the returned message is the toast either way (spec 000 §4, §8). */
export function useCreateBookmark() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createBookmark,
    onSuccess: ({ body, message }) => {
      queryClient.setQueryData<Bookmark[]>(bookmarksKeys.list(), (items) =>
        items && !items.some((item) => item.id === body.id) ? [body, ...items] : items,
      );
      void queryClient.invalidateQueries({ queryKey: bookmarksKeys.list() });
      notify.success(message);
    },
    onError: (error) => notify.apiError(error),
  });
}
