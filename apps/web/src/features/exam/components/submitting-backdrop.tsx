import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { memo } from 'react';
import { useTranslation } from '../../../lib/translation';

/**
 * Mounted only while a submit runs: a hidden backdrop would keep its spinner's endless animation
 * going, and the browser would restyle and repaint for it on every frame of the whole test.
 */
export const SubmittingBackdrop = memo(function SubmittingBackdrop({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Backdrop open={isOpen} unmountOnExit sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
      <CircularProgress color="inherit" aria-label={t('loading')} />
    </Backdrop>
  );
});
