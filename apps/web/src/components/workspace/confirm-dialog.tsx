import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';

/** A small "are you sure?" dialog; confirming closes it before acting. */
export function ConfirmDialog({
  isOpen,
  text,
  cancelText,
  confirmText,
  onClose,
  onConfirm,
}: {
  isOpen: boolean;
  text: string;
  cancelText: string;
  confirmText: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="xs">
      <DialogContent>{text}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelText}</Button>
        <Button
          color="error"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
