import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../../lib/translation';

/** Section ends soon: the remaining seconds and OK. */
export function SectionWarningDialog({ isOpen, secondsLeft, onClose }: { isOpen: boolean; secondsLeft: number; onClose: () => void }) {
  const { t } = useTranslation('exam');
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="section-warning-title">
      <DialogTitle id="section-warning-title">{t('dialogs.sectionSoonTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dialogs.sectionSoonText', { seconds: secondsLeft })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('dialogs.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
