import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../../../../lib/translation';

/** Loading spinner or the load error of an academy page. */
export function QueryState({ isLoading, error }: { isLoading: boolean; error: unknown }) {
  const { t } = useTranslation('academy');
  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );
  }
  if (error) return <Alert severity="error">{error instanceof Error && error.message ? error.message : t('loadFailed')}</Alert>;
  return null;
}
