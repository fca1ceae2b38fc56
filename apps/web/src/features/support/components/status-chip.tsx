import type { SupportStatus } from '@app/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from '../../../lib/translation';

const COLOR = { new: 'info', inProgress: 'warning', closed: 'success' } as const;

export function StatusChip({ status }: { status: SupportStatus }) {
  const { t } = useTranslation('support');
  return <Chip size="small" color={COLOR[status]} label={t(`statuses.${status}`)} />;
}
