import type { LoginLink, StudentRow } from '@app/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNotify } from '../../../hooks/use-notify';
import { createLoginLink } from '../api/students-api';
import { PendingButton } from '../../../components/pending-button';

/** A one-time, expiring sign-in link for the student (user/v1/createLoginLink), shown to copy. */
export function LoginLinkDialog({ student, onClose }: { student: StudentRow; onClose: () => void }) {
  const { t, i18n } = useTranslation('students');
  const notify = useNotify();
  const [link, setLink] = useState<LoginLink | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const name = `${student.firstName} ${student.lastName}`.trim();
  const url = link ? new URL(link.url, window.location.origin).toString() : '';

  const handleCreate = async () => {
    setIsBusy(true);
    try {
      setLink(await createLoginLink(student.id));
    } catch (error) {
      notify.apiError(error);
    } finally {
      setIsBusy(false);
    }
  };
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('copied'));
    } catch {
      // Without clipboard access the field stays selected for a manual copy.
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="login-link-title">
      <DialogTitle id="login-link-title">{t('loginLinkTitle', { name })}</DialogTitle>
      <DialogContent>
        {link ? (
          <>
            <DialogContentText sx={{ mb: 2 }}>
              {t('loginLinkText', { name, expires: new Date(link.expiresAt).toLocaleString(i18n.language === 'tn' ? 'ta-IN' : 'en-IN') })}
            </DialogContentText>
            <TextField label={t('loginLink')} value={url} fullWidth slotProps={{ htmlInput: { readOnly: true } }} onFocus={(event) => event.target.select()} autoFocus />
          </>
        ) : (
          <PendingButton isPending={isBusy} variant="contained" onClick={() => void handleCreate()} disabled={isBusy} autoFocus>
            {t('createLink')}
          </PendingButton>
        )}
      </DialogContent>
      <DialogActions>
        {link && <Button onClick={() => void handleCopy()}>{t('copy')}</Button>}
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
