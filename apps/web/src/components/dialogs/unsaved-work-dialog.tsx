import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/**
 * Asks before typed work is lost. Keeping the work is the default (focused, and what Escape or a
 * click outside does), so a stray key never drops it; only the red button lets it go.
 */
export function UnsavedWorkDialog({
  isOpen,
  title,
  text,
  dropText,
  keepText,
  onDrop,
  onKeep,
}: {
  isOpen: boolean;
  title: string;
  text: string;
  dropText: string;
  keepText: string;
  onDrop: () => void;
  onKeep: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onKeep} maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onDrop}>
          {dropText}
        </Button>
        <Button variant="contained" autoFocus onClick={onKeep}>
          {keepText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
