import type { Label } from '@app/contracts';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
      <ListItemButton component={Link} to="/bookmark" selected={view.kind === 'all'}>
        <ListItemIcon>
          <BookmarksOutlinedIcon />
        </ListItemIcon>
        <ListItemText primary={t('bookmarksNav')} />
      </ListItemButton>
      <ListSubheader disableSticky>{t('labelsNav')}</ListSubheader>
      {labels.map((label) => (
        <ListItemButton
          key={label.id}
          component={Link}
          to={`/apps/bookmark/labels/${label.handle}/${label.id}`}
          selected={view.kind === 'label' && view.labelId === label.id}
        >
          <ListItemIcon>
            <LabelOutlinedIcon />
          </ListItemIcon>
          <ListItemText primary={label.name} />
        </ListItemButton>
      ))}
      <ListItemButton onClick={onEditLabels}>
        <ListItemIcon>
          <EditOutlinedIcon />
        </ListItemIcon>
        <ListItemText primary={t('editLabels')} />
      </ListItemButton>
      <ListItemButton component={Link} to="/bookmark/archive" selected={view.kind === 'archive'}>
        <ListItemIcon>
          <ArchiveOutlinedIcon />
        </ListItemIcon>
        <ListItemText primary={t('archiveTitle')} />
      </ListItemButton>
    </List>
  );
}
