import type { Label } from '@app/contracts';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import List from '@mui/material/List';
import { useTranslation } from 'react-i18next';
import { LabelNavSection } from '../../../components/workspace/label-nav-section';
import { SidebarNavItem } from '../../../components/workspace/sidebar-nav-item';
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
      <SidebarNavItem
        icon={<LightbulbOutlinedIcon />}
        text={t('notesNav')}
        to="/notes"
        isSelected={view.kind === 'all'}
      />
      <LabelNavSection
        heading={t('labelsNav')}
        labels={labels}
        hrefOf={(label) => `/apps/notes/labels/${label.handle}/${label.id}`}
        isSelected={(label) => view.kind === 'label' && view.labelId === label.id}
        editText={t('editLabels')}
        onEditLabels={onEditLabels}
      />
      <SidebarNavItem
        icon={<ArchiveOutlinedIcon />}
        text={t('archiveTitle')}
        to="/notes/archive"
        isSelected={view.kind === 'archive'}
      />
    </List>
  );
}
