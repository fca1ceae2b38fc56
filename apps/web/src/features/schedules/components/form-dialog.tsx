import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { PendingButton } from '../../../components/pending-button';

/**
 * A form in a dialog: the title names it, Save submits, Cancel closes it; Escape or a click outside
 * closes it at once only while nothing was changed (WorkDialog).
 */
export function FormDialog({
  title,
  isOpen,
  isDirty,
  isBusy,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  isOpen: boolean;
  /** The form's isDirty (react-hook-form). */
  isDirty: boolean;
  isBusy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('schedules');
  return (
    <WorkDialog isOpen={isOpen} isDirty={isDirty} onClose={onClose} title={title}>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <PendingButton isPending={isBusy} type="submit" variant="contained" disabled={isBusy}>
            {t('save')}
          </PendingButton>
        </DialogActions>
      </form>
    </WorkDialog>
  );
}
