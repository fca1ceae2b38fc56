import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useId } from 'react';

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
  const textId = useId();
  return (
    // Named by its question, so that a screen reader says what is being confirmed.
    <Dialog open={isOpen} onClose={onClose} maxWidth="xs" aria-labelledby={textId}>
      <DialogContent id={textId}>{text}</DialogContent>
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
