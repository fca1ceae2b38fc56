import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../lib/translation';
import { PendingButton } from '../../../components/pending-button';

/** "Remove this entry?" with Cancel (focused first) and Delete. */
export function ConfirmDeleteDialog({ isOpen, isBusy, onCancel, onConfirm }: { isOpen: boolean; isBusy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('schedules');
  return (
    <Dialog open={isOpen} onClose={onCancel} aria-labelledby="schedule-delete-title">
      <DialogTitle id="schedule-delete-title">{t('deleteConfirm')}</DialogTitle>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('cancel')}
        </Button>
        <PendingButton isPending={isBusy} color="error" variant="contained" onClick={onConfirm} disabled={isBusy}>
          {t('delete')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
