import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Spec 001 §2: title Alert, submit the test and finish the session?, Cancel and Submit. */
export function SubmitConfirmDialog({
  isOpen,
  unconfirmed,
  isSubmitting,
  onCancel,
  onSubmit,
}: {
  isOpen: boolean;
  unconfirmed: number;
  isSubmitting: boolean;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('exam');
  return (
    <Dialog open={isOpen} onClose={onCancel} aria-labelledby="submit-confirm-title">
      <DialogTitle id="submit-confirm-title">{t('dialogs.alertTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dialogs.submitText')}</DialogContentText>
        {unconfirmed > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="unconfirmed-warning">
            {t('dialogs.unconfirmed', { count: unconfirmed })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('dialogs.cancel')}</Button>
        <Button variant="contained" onClick={onSubmit} disabled={isSubmitting}>
          {t('dialogs.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
