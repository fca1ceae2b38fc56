import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNotify } from '../../../hooks/use-notify';

/** A code the server shows once: what it is for, the code itself (selectable, copyable), in a live region. */
export function ShownOnceCode({ label, text, code }: { label: string; text: ReactNode; code: string }) {
  const { t } = useTranslation('centre');
  const notify = useNotify();
  const textId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notify.success(t('copied'));
    } catch {
      // Without clipboard access the code stays on screen to be selected or written down.
    }
  };
  return (
    <Alert severity="success" role="status" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <span id={textId}>{text}</span>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5, alignItems: { sm: 'center' } }}>
        <TextField
          label={label}
          value={code}
          size="small"
          slotProps={{ htmlInput: { readOnly: true, 'aria-describedby': textId, style: { fontFamily: 'monospace', fontSize: '1.25rem', letterSpacing: '0.1em' } } }}
          onFocus={(event) => event.target.select()}
          sx={{ minWidth: { sm: 260 } }}
        />
        <Button variant="outlined" onClick={() => void copy()}>
          {t('copy')}
        </Button>
      </Stack>
    </Alert>
  );
}
