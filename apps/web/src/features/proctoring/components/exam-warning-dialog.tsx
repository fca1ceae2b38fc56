import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../lib/translation';

/** The exam-warning dialog: the count of away periods in the title, three lines, OK. */
export function ExamWarningDialog({ isOpen, count, limit, onClose }: { isOpen: boolean; count: number; limit: number; onClose: () => void }) {
  const { t } = useTranslation('proctoring');
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="exam-warning-title">
      <DialogTitle id="exam-warning-title">{t('warningTitle', { count })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('warningLine1')}</DialogContentText>
        <DialogContentText>{t('warningLine2')}</DialogContentText>
        <DialogContentText>{t('warningLine3', { count: limit })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
