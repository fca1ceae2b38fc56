import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/translation';

/**
 * "Processing your file" (spec 001 §2): over the screen while an evaluation runs, with its
 * countdown (15 s), then "still evaluating" until the result comes or the looks stop.
 */
export function ProcessingOverlay({ isOpen, secondsLeft }: { isOpen: boolean; secondsLeft: number }) {
  const { t } = useTranslation('office');
  // Gone from the page (not only hidden) once the evaluation ends.
  if (!isOpen) return null;
  return (
    <Backdrop open sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: 'common.white' })}>
      <Paper role="status" aria-live="polite" data-testid="office-processing" sx={{ p: 3, display: 'grid', justifyItems: 'center', gap: 1.5, minWidth: 240, maxWidth: '90vw' }}>
        <CircularProgress aria-hidden />
        <Typography variant="h6" component="p">
          {t('evaluate.processing')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="office-countdown">
          {secondsLeft > 0 ? t('evaluate.running', { seconds: secondsLeft }) : t('evaluate.stillRunning')}
        </Typography>
      </Paper>
    </Backdrop>
  );
}
