import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { memo } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { PlayerSettings } from '../model/player-state';
import { shortcutLabel } from '../model/shortcuts';

/**
 * Previous and Next move between questions and must answer at once: without MUI's ripple and
 * colour transitions (their animation repaints the button every frame while the new question is
 * drawn, on a slow machine); keyboard focus is shown by an outline.
 */
const MOVE_BUTTON_SX = { transition: 'none', '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.dark', outlineOffset: 2 } } as const;

/**
 * Footer buttons (spec 001 §2): Report error, Previous (only when questionSwitch is 1), Clear,
 * Mark (Hint in practice), Next (Submit in practice once the answer is shown), End test.
 */
export const PlayerFooter = memo(function PlayerFooter({
  settings,
  isShowAnswer,
  isShowHint,
  isMarked,
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
  /** Flags of the active question (the footer does not re-render for a move that keeps them). */
  isShowAnswer: boolean;
  isShowHint: boolean;
  isMarked: boolean;
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
          <Button variant="outlined" onClick={onPrevious} disableRipple sx={MOVE_BUTTON_SX} aria-keyshortcuts={shortcutLabel('previous')}>
            {t('footer.previous')}
          </Button>
        )}
        <Button variant="outlined" onClick={onClear} disabled={isShowAnswer} aria-keyshortcuts={shortcutLabel('clear')}>
          {t('footer.clear')}
        </Button>
        {isPractice ? (
          <Button variant="outlined" color="info" onClick={onHint} aria-pressed={isShowHint} aria-keyshortcuts={shortcutLabel('mark')}>
            {t('footer.hint')}
          </Button>
        ) : (
          <Button variant="outlined" color="warning" onClick={onMark} aria-pressed={isMarked} aria-keyshortcuts={shortcutLabel('mark')}>
            {isMarked ? t('footer.unmark') : t('footer.mark')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={onNext} disabled={isBusy} disableRipple sx={MOVE_BUTTON_SX} aria-keyshortcuts={shortcutLabel('next')}>
          {isPractice && isShowAnswer ? t('footer.submit') : t('footer.next')}
        </Button>
        <Button variant="contained" color="error" onClick={onEndTest} disabled={isBusy}>
          {t('footer.endTest')}
        </Button>
      </Box>
    </Box>
  );
});
