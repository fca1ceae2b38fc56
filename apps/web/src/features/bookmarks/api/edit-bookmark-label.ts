import { bookmarksRoutes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { bookmarksKeys } from './bookmarks-keys';

export const editBookmarkLabel = ({ labelId, title }: { labelId: number; title: string }) =>
  callApiFull(bookmarksRoutes.editLabel, { body: { labelId, title } });

export function useEditBookmarkLabel() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: editBookmarkLabel,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: bookmarksKeys.labels() });
    },
    onError: (error) => notify.apiError(error),
  });
}
