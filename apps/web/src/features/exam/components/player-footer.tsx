import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { PlayerQuestion, PlayerSettings } from '../model/player-state';

/**
 * Footer buttons (spec 001 §2): Report error, Previous (only when questionSwitch is 1), Clear,
 * Mark (Hint in practice), Next (Submit in practice once the answer is shown), End test.
 */
export function PlayerFooter({
  settings,
  question,
  isBusy,
  onReportError,
  onPrevious,
  onClear,
  onMark,
  onHint,
  onNext,
  onEndTest,
}: {
  settings: PlayerSettings;
  question: PlayerQuestion;
  isBusy: boolean;
  onReportError: () => void;
  onPrevious: () => void;
  onClear: () => void;
  onMark: () => void;
  onHint: () => void;
  onNext: () => void;
  onEndTest: () => void;
}) {
  const { t } = useTranslation('exam');
  const isPractice = settings.type === 'practice';
  return (
    <Box
      component="footer"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', justifyContent: 'space-between' }}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="text" color="inherit" onClick={onReportError}>
          {t('footer.reportError')}
        </Button>
        {settings.questionSwitch === 1 && (
          <Button variant="outlined" onClick={onPrevious}>
            {t('footer.previous')}
          </Button>
        )}
        <Button variant="outlined" onClick={onClear} disabled={question.isShowAnswer}>
          {t('footer.clear')}
        </Button>
        {isPractice ? (
          <Button variant="outlined" color="info" onClick={onHint} aria-pressed={question.isShowHint}>
            {t('footer.hint')}
          </Button>
        ) : (
          <Button variant="outlined" color="warning" onClick={onMark} aria-pressed={question.isMarked}>
            {question.isMarked ? t('footer.unmark') : t('footer.mark')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={onNext} disabled={isBusy}>
          {isPractice && question.isShowAnswer ? t('footer.submit') : t('footer.next')}
        </Button>
        <Button variant="contained" color="error" onClick={onEndTest} disabled={isBusy}>
          {t('footer.endTest')}
        </Button>
      </Box>
    </Box>
  );
}
