import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form in a dialog: the title names it, Save submits, Escape and Cancel close it. */
export function FormDialog({
  title,
  isOpen,
  isBusy,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  isOpen: boolean;
  isBusy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('schedules');
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isBusy}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
