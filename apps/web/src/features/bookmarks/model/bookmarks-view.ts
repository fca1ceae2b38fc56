import type { Bookmark } from '@app/contracts';
import { matchPath } from 'react-router';
import { paths } from '../../../config/paths';

export type BookmarksView =
  | { kind: 'all'; openBookmarkId?: number }
  | { kind: 'archive'; openBookmarkId?: number }
  | { kind: 'label'; labelId: number; labelHandle?: string };

const asId = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * What a bookmarks URL shows. `/apps/bookmark/labels/{handle}/{id}` is a label view (id = label id);
 * `/bookmark/{id?}/{labelHandle?}/{labelId?}`: id "archive" is the archive, a labelId is a label
 * view, a numeric id opens that bookmark (search results link there).
 */
export function resolveBookmarksView(pathname: string, params: Record<string, string | undefined>): BookmarksView {
  if (matchPath(paths.workspace.bookmarksLabel.path, pathname)) {
    const labelId = asId(params.id);
    if (labelId) return { kind: 'label', labelId, labelHandle: params.handle };
  }
  const labelId = asId(params.labelId);
  if (labelId) return { kind: 'label', labelId, labelHandle: params.labelHandle };
  if (params.id === 'archive') return { kind: 'archive' };
  return { kind: 'all', openBookmarkId: asId(params.id) };
}

/** The bookmarks a view lists: archived ones only in the archive; newest first. */
export function bookmarksInView(bookmarks: Bookmark[], view: BookmarksView): Bookmark[] {
  const shown = bookmarks.filter((bookmark) => {
    if (view.kind === 'archive') return bookmark.archive;
    if (bookmark.archive) return false;
    return view.kind === 'label' ? bookmark.labels.includes(view.labelId) : true;
  });
  return [...shown].sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || b.id - a.id);
}
