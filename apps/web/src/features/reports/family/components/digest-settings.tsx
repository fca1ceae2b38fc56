import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';
import { useSearchParams } from 'react-router';
import { useDigestSettings, useDigestUnsubscribe, useSaveDigestSettings } from '../api/family-reports-api';
import { PendingButton } from '../../../../components/pending-button';

/** The parent's weekly e-mail setting (on the parents' home). */
export function DigestSetting() {
  const { t } = useTranslation('familyReports');
  const settings = useDigestSettings();
  const save = useSaveDigestSettings();
  if (!settings.data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('digest.title')}>
      <Typography variant="h6" component="h2">
        {t('digest.title')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={settings.data.weeklyDigest} disabled={save.isPending} onChange={(event) => save.mutate({ weeklyDigest: event.target.checked })} />}
        label={t('digest.label')}
      />
      <Box role="status" aria-live="polite">
        {save.isSuccess && <Typography color="text.secondary">{t('digest.saved')}</Typography>}
        {save.error && <Alert severity="error">{(save.error as Error).message}</Alert>}
      </Box>
    </Paper>
  );
}

/** /digest-unsubscribe?token=: turns the weekly e-mail off from the link in it (no sign-in needed). */
export function DigestUnsubscribe() {
  const { t } = useTranslation('familyReports');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useDigestUnsubscribe();
  return (
    <Box component="main" sx={{ p: { xs: 2, md: 4 }, maxWidth: 640, mx: 'auto', display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {t('digest.unsubscribeTitle')}
      </Typography>
      {!token ? (
        <Alert severity="error">{t('digest.missing')}</Alert>
      ) : unsubscribe.isSuccess ? (
        <Alert severity="success">{t('digest.done')}</Alert>
      ) : (
        <>
          <Typography>{t('digest.unsubscribeText')}</Typography>
          <Box>
            <PendingButton isPending={unsubscribe.isPending} variant="contained" onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
              {t('digest.unsubscribe')}
            </PendingButton>
          </Box>
          {unsubscribe.error && <Alert severity="error">{(unsubscribe.error as Error).message}</Alert>}
        </>
      )}
    </Box>
  );
}
