import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { asMessageKey, useTranslation } from '../../../../lib/translation';
import { useNotify } from '../../../../hooks/use-notify';
import { examApi } from '../../api/exam-api';

const loadRule = () => import('../../model/report-question-rule');

/**
 * Report an error in a question: a reason is required ("You must assign the error message.", the
 * contract's own rule); the server's answer is shown as a success or error toast.
 */
export function ReportErrorDialog({
  isOpen,
  mapId,
  TestSessionID,
  onClose,
}: {
  isOpen: boolean;
  mapId: number;
  TestSessionID: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('exam');
  const { t: tm } = useTranslation('messages');
  const notify = useNotify();
  // A draft per question: Escape or a click outside closes the dialog but keeps what was typed for
  // this question; Cancel and Send clear it.
  const [draft, setDraft] = useState({ mapId, text: '' });
  const message = draft.mapId === mapId ? draft.text : '';
  const setMessage = (text: string) => setDraft({ mapId, text });
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  // The rule loads when the dialog opens (see model/report-question-rule.ts).
  useEffect(() => {
    if (isOpen) void loadRule().catch(() => undefined);
  }, [isOpen]);

  const handleClose = () => {
    setMessage('');
    setError(null);
    onClose();
  };
  const handleDismiss = () => {
    setError(null);
    onClose();
  };

  const handleSend = async () => {
    setIsSending(true);
    try {
      const { checkReportQuestion } = await loadRule();
      const parsed = checkReportQuestion({ questionTaskMapID: mapId, message, TestSessionID });
      if (!parsed.success) {
        setError(tm(asMessageKey(parsed.error.issues[0]?.message ?? 'reportReasonRequired')));
        return;
      }
      const { message: reply } = await examApi.reportQuestion(parsed.data);
      notify.success(reply);
      handleClose();
    } catch (failure) {
      notify.apiError(failure);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Dialog open={isOpen} onClose={handleDismiss} fullWidth maxWidth="sm" aria-labelledby="report-error-title">
      <DialogTitle id="report-error-title">{t('dialogs.reportTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          label={t('dialogs.reportLabel')}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            if (error) setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose}>{t('dialogs.cancel')}</Button>
        <Button variant="contained" onClick={handleSend} disabled={isSending}>
          {t('dialogs.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
