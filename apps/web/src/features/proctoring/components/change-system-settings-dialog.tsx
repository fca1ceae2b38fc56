import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../lib/translation';
import { powerSettingsUrl } from '../model/proctoring-rules';

/** Asks the student to keep the computer awake; Open Settings opens the OS power settings. */
export function ChangeSystemSettingsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('proctoring');
  const url = powerSettingsUrl(navigator.platform || navigator.userAgent);
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="system-settings-title">
      <DialogTitle id="system-settings-title">{t('settingsTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('settingsText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {url && (
          <Button
            onClick={() => {
              window.open(url, '_blank', 'noopener');
              onClose();
            }}
          >
            {t('openSettings')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
