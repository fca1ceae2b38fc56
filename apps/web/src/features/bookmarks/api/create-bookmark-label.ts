import { bookmarksRoutes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { bookmarksKeys } from './bookmarks-keys';

export const createBookmarkLabel = (title: string) => callApiFull(bookmarksRoutes.createLabel, { body: { title } });

export function useCreateBookmarkLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createBookmarkLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: bookmarksKeys.labels() });
    },
    onError: (error) => notify.apiError(error),
  });
}
