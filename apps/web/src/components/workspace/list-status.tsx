import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/translation';

/**
 * What a workspace list shows instead of items: a spinner, the load error, or its empty text
 * (a list with its own empty state leaves `emptyText` out).
 */
export function ListStatus({
  isPending,
  isError,
  isEmpty = false,
  errorText,
  emptyText,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty?: boolean;
  errorText: string;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      )}
      {isError && <Alert severity="error">{errorText}</Alert>}
      {isEmpty && emptyText !== undefined && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
          {emptyText}
        </Typography>
      )}
    </>
  );
}
