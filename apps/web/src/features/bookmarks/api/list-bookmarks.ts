import { bookmarksRoutes, type Bookmark } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bookmarksKeys } from './bookmarks-keys';

export const listBookmarks = (): Promise<Bookmark[]> => callApi(bookmarksRoutes.bookmarkList);

export function useBookmarks() {
  return useQuery({ queryKey: bookmarksKeys.list(), queryFn: listBookmarks });
}
