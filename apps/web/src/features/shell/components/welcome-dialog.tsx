import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';

/**
 * The SchoolStudent welcome pop-up: the institution's welcome message (HTML, sanitised again
 * here so the browser never trusts server HTML blindly), else "Welcome Back".
 */
export function WelcomeDialog({
  isOpen,
  onClose,
  html,
  logoUrl,
}: {
  isOpen: boolean;
  onClose: () => void;
  html: string | null | undefined;
  logoUrl?: string | null;
}) {
  const { t } = useTranslation('shell');
  const clean = useMemo(() => (html ? DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }) : ''), [html]);
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="welcome-title">
      <DialogTitle id="welcome-title">{t('welcomeTitle')}</DialogTitle>
      <DialogContent>
        {logoUrl && <Box component="img" src={logoUrl} alt={t('institutionLogo')} sx={{ maxHeight: 64, mb: 2 }} />}
        {clean ? (
          <Box data-testid="welcome-message" dangerouslySetInnerHTML={{ __html: clean }} />
        ) : (
          <Typography variant="h6" component="p">
            {t('messages:welcomeBack')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t('common:ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
