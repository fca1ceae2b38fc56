import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/translation';
import type { EvaluationPopup } from '../hooks/use-office-evaluation';
import { formatPercentage, isFullMarks, SCORE_PALETTE, scoreColour } from '../model/office-score';

/**
 * The RESULT popup (spec 001 §2): Percentage matched with two decimals in the band's colour (green
 * above 80, orange above 50, otherwise red), the items that did not match, and OK; at 100 the
 * congratulation instead of the list. A file that could not be scored says why.
 */
export function OfficeResultDialog({ popup, onClose }: { popup: EvaluationPopup | null; onClose: () => void }) {
  const { t } = useTranslation('office');
  return (
    <Dialog open={popup !== null} onClose={onClose} aria-labelledby="office-result-title" maxWidth="xs" fullWidth>
      <DialogTitle id="office-result-title">{t('result.title')}</DialogTitle>
      <DialogContent>
        {popup?.kind === 'result' && <ScoreBody percentage={popup.percentage} unmatched={popup.unmatched} />}
        {popup?.kind === 'failed' && (
          <Typography data-testid="office-result-failed">
            {t('result.notEvaluated', { reason: popup.message ?? t(`result.reasons.${popup.statusCode}`) })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('result.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ScoreBody({ percentage, unmatched }: { percentage: number; unmatched: string[] }) {
  const { t } = useTranslation('office');
  const colour = scoreColour(percentage);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <div>
        <Typography variant="body2" color="text.secondary" id="office-percentage-label">
          {t('result.percentage')}
        </Typography>
        <Typography
          variant="h4"
          component="p"
          aria-labelledby="office-percentage-label"
          data-testid="office-percentage"
          data-colour={colour}
          sx={{ color: SCORE_PALETTE[colour], fontWeight: 600 }}
        >
          {formatPercentage(percentage)}%
        </Typography>
      </div>
      {isFullMarks(percentage) ? (
        <Typography data-testid="office-full-marks" sx={{ color: SCORE_PALETTE.green, fontWeight: 600 }}>
          {t('result.fullMarks')}
        </Typography>
      ) : (
        unmatched.length > 0 && (
          <div>
            <Typography variant="subtitle2" component="h3" id="office-unmatched-heading">
              {t('result.unmatched')}
            </Typography>
            <Box component="ul" aria-labelledby="office-unmatched-heading" data-testid="office-unmatched" sx={{ m: 0, pl: 3 }}>
              {unmatched.map((item, index) => (
                <li key={`${index}-${item}`}>
                  <Typography variant="body2">{item}</Typography>
                </li>
              ))}
            </Box>
          </div>
        )
      )}
    </Box>
  );
}
