import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/layout/page-card';

export function ScratchBoardScreen() {
  const { t } = useTranslation(['scratchBoard', 'common']);
  return (
    <PageCard title={t('common:pageTitles.scratchBoard')}>
      <Typography>{t('scratchBoard:empty')}</Typography>
    </PageCard>
  );
}
