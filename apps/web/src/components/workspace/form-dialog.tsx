import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

/**
 * The shell of a workspace create dialog. The form is mounted only while the dialog is open,
 * so each opening starts from fresh default values.
 */
export function FormDialog({
  isOpen,
  onClose,
  title,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{isOpen && children}</DialogContent>
    </Dialog>
  );
}

/**
 * A create dialog's props: `archive` and `labelId` come from the route (spec 000 §2 "Both
 * forms"), so an item made in the archive view starts archived and one made in a label view
 * starts with that label.
 */
export interface ItemCreateDialogProps {
  isOpen: boolean;
  onClose: () => void;
  archive?: boolean;
  labelId?: number;
}
