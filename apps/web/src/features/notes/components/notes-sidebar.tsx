import type { Label } from '@app/contracts';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { useTranslation } from '../../../lib/translation';
import { ArchiveLabelSidebar } from '../../../components/workspace/archive-label-sidebar';
import type { NotesView } from '../model/notes-view';
import { paths } from '../../../config/paths';

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
    <ArchiveLabelSidebar
      view={view}
      labels={labels}
      onEditLabels={onEditLabels}
      homeIcon={<LightbulbOutlinedIcon />}
      homePath={paths.workspace.notes.getHref()}
      archivePath={paths.workspace.notes.getHref({ id: 'archive' })}
      labelHref={(label) => paths.workspace.notesLabel.getHref({ handle: label.handle, id: label.id })}
      texts={{
        title: t('title'),
        home: t('notesNav'),
        labels: t('labelsNav'),
        editLabels: t('editLabels'),
        archive: t('archiveTitle'),
      }}
    />
  );
}
