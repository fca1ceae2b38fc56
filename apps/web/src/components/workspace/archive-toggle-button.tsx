import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import { CardActionButton } from './card-action-button';

/** Archive or unarchive an item; `onToggle` receives the new archive flag. */
export function ArchiveToggleButton({
  isArchived,
  archiveText,
  unarchiveText,
  onToggle,
}: {
  isArchived: boolean;
  archiveText: string;
  unarchiveText: string;
  onToggle: (archive: boolean) => void;
}) {
  return (
    <CardActionButton
      label={isArchived ? unarchiveText : archiveText}
      icon={isArchived ? <UnarchiveOutlinedIcon fontSize="small" /> : <ArchiveOutlinedIcon fontSize="small" />}
      onClick={() => onToggle(!isArchived)}
    />
  );
}
