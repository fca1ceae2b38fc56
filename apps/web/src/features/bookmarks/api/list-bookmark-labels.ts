import { bookmarksRoutes, type Label } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bookmarksKeys } from './bookmarks-keys';

export const listBookmarkLabels = (): Promise<Label[]> => callApi(bookmarksRoutes.getLabelList);

export function useBookmarkLabels() {
  return useQuery({ queryKey: bookmarksKeys.labels(), queryFn: listBookmarkLabels });
}
