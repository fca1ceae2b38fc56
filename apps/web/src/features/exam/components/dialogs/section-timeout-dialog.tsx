import { SECTION_AUTO_ADVANCE_S } from '@app/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../../lib/translation';
import { useAutoCountdown } from '../../hooks/use-auto-countdown';

/** Section Timeout: continues to the next section by itself after 10 s (spec 001 §4). */
export function SectionTimeoutDialog({ isOpen, onContinue }: { isOpen: boolean; onContinue: () => void }) {
  const { t } = useTranslation('exam');
  const left = useAutoCountdown(SECTION_AUTO_ADVANCE_S, isOpen, onContinue);
  return (
    <Dialog open={isOpen} aria-labelledby="section-timeout-title">
      <DialogTitle id="section-timeout-title">{t('dialogs.sectionTimeoutTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dialogs.sectionTimeoutText')}</DialogContentText>
        <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>{t('dialogs.sectionEndAuto', { seconds: left })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onContinue}>
          {t('dialogs.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
