import EventIcon from '@mui/icons-material/Event';
import Chip from '@mui/material/Chip';
import { useTranslation } from '../../../lib/translation';
import { intlLocale, parseDateValue } from '../../../lib/date-time';
import { dueState } from '../model/todo-view';

const COLORS = { overdue: 'error', today: 'warning', upcoming: 'default' } as const;

/** A to-do's due date, red when overdue and amber when due today. */
export function DueChip({ dueDate, today }: { dueDate: string; today: string }) {
  const { t, i18n } = useTranslation('todo');
  const state = dueState(dueDate, today) ?? 'upcoming';
  const date = parseDateValue(dueDate).toLocaleDateString(intlLocale(i18n.language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<EventIcon />}
      color={COLORS[state]}
      label={t(`due.${state}`, { date })}
      data-testid="due-chip"
      // The whole label shows, wrapping on a narrow row rather than being cut off.
      sx={{ mt: 0.5, maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}
