import type { Label } from '@app/contracts';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import { useTranslation } from '../../../lib/translation';
import { ArchiveLabelSidebar } from '../../../components/workspace/archive-label-sidebar';
import type { BookmarksView } from '../model/bookmarks-view';
import { paths } from '../../../config/paths';

/** The bookmarks column: all bookmarks, the labels, "Edit labels" and the archive. */
export function BookmarksSidebar({
  view,
  labels,
  onEditLabels,
}: {
  view: BookmarksView;
  labels: Label[];
  onEditLabels: () => void;
}) {
  const { t } = useTranslation('bookmarks');
  return (
    <ArchiveLabelSidebar
      view={view}
      labels={labels}
      onEditLabels={onEditLabels}
      homeIcon={<BookmarksOutlinedIcon />}
      homePath={paths.workspace.bookmarks.getHref()}
      archivePath={paths.workspace.bookmarks.getHref({ id: 'archive' })}
      labelHref={(label) => paths.workspace.bookmarksLabel.getHref({ handle: label.handle, id: label.id })}
      texts={{
        title: t('title'),
        home: t('bookmarksNav'),
        labels: t('labelsNav'),
        editLabels: t('editLabels'),
        archive: t('archiveTitle'),
      }}
    />
  );
}
