import type { TestResult, TestType } from '@app/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';

/**
 * Spec 001 §2 Result dialog: the task name and scored/total when ScoreVisible; View feedback
 * (graded tests) and Cancel, or OK in practice. A submit accepted while the server scores others
 * says so in a live region, and the score replaces it when the player has it.
 */
export function ResultDialog({
  isOpen,
  result,
  type,
  onViewFeedback,
  onClose,
}: {
  isOpen: boolean;
  result: TestResult | null;
  type: TestType;
  onViewFeedback: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('exam');
  return (
    <Dialog open={isOpen && Boolean(result)} aria-labelledby="result-title" maxWidth="xs" fullWidth>
      <DialogTitle id="result-title">{result?.TaskName ?? t('dialogs.resultTitle')}</DialogTitle>
      <DialogContent>
        <div role="status" aria-live="polite">
          {result?.isBeingScored && (
            <Stack direction="row" spacing={2} alignItems="center" data-testid="result-being-scored">
              <CircularProgress size={24} aria-hidden="true" />
              <Typography>{t('dialogs.beingScored')}</Typography>
            </Stack>
          )}
        </div>
        {result?.isBeingScored ? null : result?.ScoreVisible && result.scored !== null ? (
          <Typography variant="h5" component="p" data-testid="result-score">
            {t('dialogs.score', { scored: result.scored, total: result.total })}
          </Typography>
        ) : (
          <Typography>{t('dialogs.scoreHidden')}</Typography>
        )}
        {result?.pendingEvaluation && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('dialogs.pendingEvaluation')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {type === 'test' && (
          <Button variant="contained" onClick={onViewFeedback} disabled={Boolean(result?.isBeingScored)}>
            {t('dialogs.viewFeedback')}
          </Button>
        )}
        <Button onClick={onClose}>{type === 'practice' ? t('dialogs.ok') : t('dialogs.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
