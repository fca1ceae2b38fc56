import { SUPERVISE_MAX_MINUTES } from '@app/contracts';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { WorkDialog } from '../../../../components/dialogs/work-dialog';
import { useFocusFirstError } from '../../../../hooks/use-focus-first-error';
import { useIsChanged } from '../../../../hooks/use-is-changed';
import { parseMinutes, type LiveAction } from '../../model/live-room';
import { PendingButton } from '../../../../components/pending-button';

const DEFAULT_MINUTES = { extend: '10', reopen: '15', forceSubmit: '' } as const;

/** Asks for the minutes (extend, reopen) and the reason of a supervisor's action, then confirms it. */
export function LiveRoomActionDialog({
  action,
  studentName,
  isBusy,
  onClose,
  onConfirm,
}: {
  action: LiveAction;
  studentName: string;
  isBusy: boolean;
  onClose: () => void;
  onConfirm: (input: { minutes: number | null; reason: string }) => void;
}) {
  const { t } = useTranslation('exam');
  const needsMinutes = action !== 'forceSubmit';
  const [minutes, setMinutes] = useState<string>(DEFAULT_MINUTES[action]);
  const [reason, setReason] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const isDirty = useIsChanged({ minutes, reason });
  const parsed = needsMinutes ? parseMinutes(minutes, SUPERVISE_MAX_MINUTES) : null;
  const isMinutesBad = needsMinutes && parsed === null;
  const isReasonBad = reason.trim().length === 0 || reason.length > 500;
  const errors = useFocusFirstError();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (isMinutesBad || isReasonBad) return errors.focusFirstError();
    onConfirm({ minutes: parsed, reason: reason.trim() });
  };

  return (
    <WorkDialog isOpen isDirty={isDirty} onClose={onClose} title={t(`liveRoom.${action}Title`, { name: studentName })} maxWidth="xs">
      <form ref={errors.ref} onSubmit={handleSubmit} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {action === 'forceSubmit' && <DialogContentText>{t('liveRoom.forceSubmitText')}</DialogContentText>}
            {needsMinutes && (
              <TextField
                label={t('liveRoom.minutes')}
                value={minutes}
                onChange={(event) => setMinutes(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'live-minutes' } }}
                required
                autoFocus
                error={isTouched && isMinutesBad}
                helperText={isTouched && isMinutesBad ? t('liveRoom.minutesInvalid', { max: SUPERVISE_MAX_MINUTES }) : t('liveRoom.minutesHelp', { max: SUPERVISE_MAX_MINUTES })}
              />
            )}
            <TextField
              label={t('liveRoom.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              multiline
              minRows={2}
              autoFocus={!needsMinutes}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'live-reason' } }}
              error={isTouched && isReasonBad}
              helperText={isTouched && isReasonBad ? t('liveRoom.reasonRequired') : t('liveRoom.reasonHelp')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('liveRoom.cancel')}</Button>
          <PendingButton type="submit" variant="contained" color={action === 'forceSubmit' ? 'error' : 'primary'} isPending={isBusy}>
            {t(`liveRoom.${action}`)}
          </PendingButton>
        </DialogActions>
      </form>
    </WorkDialog>
  );
}
