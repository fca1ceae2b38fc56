import { describe, expect, it } from 'vitest';
import { resolveBookmarksView } from './bookmarks-view';

describe('resolveBookmarksView', () => {
  it('reads the label views at /apps/bookmark/labels/{handle}/{id}', () => {
    expect(resolveBookmarksView('/apps/bookmark/labels/chemistry/3', { handle: 'chemistry', id: '3' })).toEqual({
      kind: 'label',
      labelId: 3,
      labelHandle: 'chemistry',
    });
  });

  it('reads /bookmark/{id?}/{labelHandle?}/{labelId?}', () => {
    expect(resolveBookmarksView('/bookmark/archive', { id: 'archive' })).toEqual({ kind: 'archive' });
    expect(
      resolveBookmarksView('/bookmark/all/chemistry/3', { id: 'all', labelHandle: 'chemistry', labelId: '3' }),
    ).toMatchObject({ kind: 'label', labelId: 3 });
    expect(resolveBookmarksView('/bookmark/9', { id: '9' })).toEqual({ kind: 'all', openBookmarkId: 9 });
  });
});
