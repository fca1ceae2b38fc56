import type { Label } from '@app/contracts';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import List from '@mui/material/List';
import { useTranslation } from 'react-i18next';
import { LabelNavSection } from '../../../components/workspace/label-nav-section';
import { SidebarNavItem } from '../../../components/workspace/sidebar-nav-item';
import type { BookmarksView } from '../model/bookmarks-view';

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
    <List component="nav" aria-label={t('title')} dense>
      <SidebarNavItem
        icon={<BookmarksOutlinedIcon />}
        text={t('bookmarksNav')}
        to="/bookmark"
        isSelected={view.kind === 'all'}
      />
      <LabelNavSection
        heading={t('labelsNav')}
        labels={labels}
        hrefOf={(label) => `/apps/bookmark/labels/${label.handle}/${label.id}`}
        isSelected={(label) => view.kind === 'label' && view.labelId === label.id}
        editText={t('editLabels')}
        onEditLabels={onEditLabels}
      />
      <SidebarNavItem
        icon={<ArchiveOutlinedIcon />}
        text={t('archiveTitle')}
        to="/bookmark/archive"
        isSelected={view.kind === 'archive'}
      />
    </List>
  );
}
