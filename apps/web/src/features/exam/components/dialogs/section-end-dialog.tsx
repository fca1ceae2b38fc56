import { SECTION_AUTO_ADVANCE_S } from '@app/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../../lib/translation';
import { useAutoCountdown } from '../../hooks/use-auto-countdown';

/** The end-of-section warning; auto-confirms after 10 s when the section is not timed. */
export function SectionEndDialog({
  isOpen,
  autoConfirm,
  onStay,
  onConfirm,
}: {
  isOpen: boolean;
  autoConfirm: boolean;
  onStay: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('exam');
  const left = useAutoCountdown(SECTION_AUTO_ADVANCE_S, isOpen && autoConfirm, onConfirm);
  return (
    <Dialog open={isOpen} onClose={onStay} aria-labelledby="section-end-title">
      <DialogTitle id="section-end-title">{t('dialogs.sectionEndTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dialogs.sectionEndText')}</DialogContentText>
        {autoConfirm && <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>{t('dialogs.sectionEndAuto', { seconds: left })}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay}>{t('dialogs.stay')}</Button>
        <Button variant="contained" onClick={onConfirm}>
          {t('dialogs.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
