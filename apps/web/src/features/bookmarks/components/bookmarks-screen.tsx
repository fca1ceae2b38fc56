import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageCard } from '../../../components/layout/page-card';
import { labelActionsOf } from '../../../components/workspace/label-actions';
import { LabelManagerDialog } from '../../../components/workspace/label-manager-dialog';
import { ListStatus } from '../../../components/workspace/list-status';
import { SidebarLayout } from '../../../components/workspace/sidebar-layout';
import { useBookmarkLabels, useBookmarks, useCreateBookmarkLabel, useDeleteBookmark, useDeleteBookmarkLabel, useEditBookmark, useEditBookmarkLabel } from '../api/bookmarks-api';
import { bookmarksInView, resolveBookmarksView } from '../model/bookmarks-view';
import { BookmarkCard } from './bookmark-card';
import { BookmarkCreateDialog } from './bookmark-create-dialog';
import { BookmarkEditDialog } from './bookmark-edit-dialog';
import { BookmarksSidebar } from './bookmarks-sidebar';
import { paths } from '../../../config/paths';

/** The bookmarks screen: labels and archive on the left, the new-bookmark button and the cards. */
export function BookmarksScreen() {
  const { t } = useTranslation('bookmarks');
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const view = resolveBookmarksView(pathname, params);
  const bookmarks = useBookmarks();
  const labels = useBookmarkLabels();
  const editBookmark = useEditBookmark();
  const deleteBookmark = useDeleteBookmark();
  const createLabel = useCreateBookmarkLabel();
  const renameLabel = useEditBookmarkLabel();
  const deleteLabel = useDeleteBookmarkLabel();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [isLabelsOpen, setIsLabelsOpen] = useState(false);
  const [openedId, setOpenedId] = useState<number | null>(null);

  const labelList = labels.data ?? [];
  const shown = useMemo(() => bookmarksInView(bookmarks.data ?? [], view), [bookmarks.data, view]);
  const routeId = view.kind !== 'label' ? view.openBookmarkId : undefined;
  const editingId = openedId ?? routeId ?? null;
  const editing = (bookmarks.data ?? []).find((bookmark) => bookmark.id === editingId) ?? null;
  const currentLabel = view.kind === 'label' ? labelList.find((label) => label.id === view.labelId) : undefined;
  const heading =
    view.kind === 'archive'
      ? `${t('title')} · ${t('archiveTitle')}`
      : currentLabel
        ? `${t('title')} · ${currentLabel.name}`
        : t('title');

  function handleCloseEditor() {
    setOpenedId(null);
    if (routeId) void navigate(paths.workspace.bookmarks.getHref(), { replace: true });
  }

  return (
    <PageCard
      title={heading}
      toolbar={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreateOpen(true)} data-testid="new-bookmark">
          {t('newBookmark')}
        </Button>
      }
    >
      <SidebarLayout
        sidebar={<BookmarksSidebar view={view} labels={labelList} onEditLabels={() => setIsLabelsOpen(true)} />}
      >
        {view.kind === 'label' && labels.isSuccess && !currentLabel && (
          <Alert severity="warning">{t('labelMissing')}</Alert>
        )}
        <ListStatus
          isPending={bookmarks.isPending}
          isError={bookmarks.isError}
          isEmpty={bookmarks.isSuccess && shown.length === 0}
          errorText={t('loadFailed')}
          emptyText={view.kind === 'archive' ? t('emptyArchive') : view.kind === 'label' ? t('emptyLabel') : t('empty')}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
          {shown.map((bookmark) => (
            <BookmarkCard
              key={bookmark.id}
              bookmark={bookmark}
              labels={labelList}
              onEdit={() => setOpenedId(bookmark.id)}
              onArchive={(archive) => editBookmark.mutate({ id: bookmark.id, archive })}
              onDelete={() => deleteBookmark.mutate(bookmark.id)}
            />
          ))}
        </Box>
      </SidebarLayout>
      <BookmarkCreateDialog
        isOpen={isCreateOpen}
        onClose={() => setIsCreateOpen(false)}
        archive={view.kind === 'archive'}
        labelId={view.kind === 'label' ? view.labelId : undefined}
      />
      <BookmarkEditDialog bookmark={editing} labels={labelList} onClose={handleCloseEditor} />
      <LabelManagerDialog
        isOpen={isLabelsOpen}
        onClose={() => setIsLabelsOpen(false)}
        labels={labelList}
        actions={labelActionsOf({ create: createLabel, rename: renameLabel, remove: deleteLabel })}
      />
    </PageCard>
  );
}
