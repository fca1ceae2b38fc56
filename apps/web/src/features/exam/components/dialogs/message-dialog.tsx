import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../../lib/translation';

/** A titled message with OK: the Oops dialog and the "No Internet connection!" alert. */
export function MessageDialog({ isOpen, title, text, onClose }: { isOpen: boolean; title: string; text: string; onClose: () => void }) {
  const { t } = useTranslation('exam');
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="message-dialog-title">
      <DialogTitle id="message-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('dialogs.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
