import { bookmarksRoutes, type Bookmark, type CreateBookmarkBody, type EditBookmarkBody, type Label } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
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

export const listBookmarkLabels = (): Promise<Label[]> => callApi(bookmarksRoutes.getLabelList);

export function useBookmarkLabels() {
  return useQuery({ queryKey: bookmarksKeys.labels(), queryFn: listBookmarkLabels });
}

export const listBookmarks = (): Promise<Bookmark[]> => callApi(bookmarksRoutes.bookmarkList);

export function useBookmarks() {
  return useQuery({ queryKey: bookmarksKeys.list(), queryFn: listBookmarks });
}
