import AlarmIcon from '@mui/icons-material/Alarm';
import Chip from '@mui/material/Chip';
import { useTranslation } from '../../../lib/translation';
import { formatDateChip } from '../../../lib/date-time';

/** The reminder on a note, as the spec's date chip: month, day, year, hour:minute. */
export function ReminderChip({ reminder, onDelete }: { reminder: string; onDelete?: () => void }) {
  const { i18n, t } = useTranslation('notes');
  return (
    <Chip
      size="small"
      icon={<AlarmIcon />}
      label={formatDateChip(reminder, i18n.language)}
      onDelete={onDelete}
      aria-label={`${t('reminder')}: ${formatDateChip(reminder, i18n.language)}`}
      data-testid="reminder-chip"
      sx={{ bgcolor: 'rgba(0,0,0,0.08)' }}
    />
  );
}
