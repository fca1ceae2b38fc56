import { APP_VERSION } from '@app/contracts';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/translation';
import { PageCard } from '../../../components/layout/page-card';

/** Back-office modules nobody has built yet say so honestly, so the menus still work. */
export function NotAvailable() {
  const { t } = useTranslation('shell');
  return (
    <PageCard title={t('notAvailableTitle')}>
      <Typography color="text.secondary">{t('notAvailableText', { version: APP_VERSION })}</Typography>
    </PageCard>
  );
}
