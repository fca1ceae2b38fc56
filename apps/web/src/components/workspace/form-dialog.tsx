import DialogContent from '@mui/material/DialogContent';
import type { ReactNode } from 'react';
import { WorkDialog } from '../dialogs/work-dialog';

/**
 * The shell of a workspace create dialog. The form is mounted only while the dialog is open,
 * so each opening starts from fresh default values; typed work is never dropped by Escape or a
 * click outside (WorkDialog).
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
    <WorkDialog isOpen={isOpen} onClose={onClose} title={title}>
      <DialogContent>{children}</DialogContent>
    </WorkDialog>
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
