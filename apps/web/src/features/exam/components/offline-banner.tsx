import Alert from '@mui/material/Alert';
import { memo } from 'react';
import { useTranslation } from '../../../lib/translation';

/** Shown while offline: the student keeps answering, the queue keeps the answers. */
export const OfflineBanner = memo(function OfflineBanner({ isOnline, unconfirmed }: { isOnline: boolean; unconfirmed: number }) {
  const { t } = useTranslation('exam');
  if (isOnline) return null;
  return (
    <Alert severity="warning" role="status" data-testid="offline-banner" sx={{ borderRadius: 0 }}>
      {t('offline')} {unconfirmed > 0 && `(${t('savePending', { count: unconfirmed })})`}
    </Alert>
  );
});
