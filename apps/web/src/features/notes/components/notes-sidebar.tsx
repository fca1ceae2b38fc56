import type { Label } from '@app/contracts';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotesView } from '../model/notes-view';

/** Keep's left column: notes, the labels, "Edit labels" and the archive. */
export function NotesSidebar({
  view,
  labels,
  onEditLabels,
}: {
  view: NotesView;
  labels: Label[];
  onEditLabels: () => void;
}) {
  const { t } = useTranslation('notes');
  return (
    <List component="nav" aria-label={t('title')} dense>
      <ListItemButton component={Link} to="/notes" selected={view.kind === 'all'}>
        <ListItemIcon>
          <LightbulbOutlinedIcon />
        </ListItemIcon>
        <ListItemText primary={t('notesNav')} />
      </ListItemButton>
      <ListSubheader disableSticky>{t('labelsNav')}</ListSubheader>
      {labels.map((label) => (
        <ListItemButton
          key={label.id}
          component={Link}
          to={`/apps/notes/labels/${label.handle}/${label.id}`}
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
      <ListItemButton component={Link} to="/notes/archive" selected={view.kind === 'archive'}>
        <ListItemIcon>
          <ArchiveOutlinedIcon />
        </ListItemIcon>
        <ListItemText primary={t('archiveTitle')} />
      </ListItemButton>
    </List>
  );
}
