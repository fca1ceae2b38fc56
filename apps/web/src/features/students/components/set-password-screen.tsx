import { passwordField } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { LanguageSwitch } from '../../../components/language-switch';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../hooks/use-notify';
import { setPassword } from '../api/students-api';
import { PendingButton } from '../../../components/pending-button';

export const SetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, { message: 'passwordsMustMatch', path: ['confirmPassword'] });
type Values = z.input<typeof SetPasswordSchema>;

/** /set-password?token=…: the page of a welcome or reset message; on success to /login. */
export function SetPasswordScreen() {
  const { t } = useTranslation('students');
  const notify = useNotify();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const { control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(SetPasswordSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await setPassword({ token, password: values.password });
      notify.success(message);
      navigate(paths.auth.login.getHref(), { replace: true });
    } catch (error) {
      notify.apiError(error);
    }
  });

  const { t: tCommon } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: { xs: 2, sm: 3 }, py: 1.5, bgcolor: '#0f172a', color: '#fff' }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {tCommon('appName')}
        </Typography>
        <LanguageSwitch />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <Paper elevation={2} sx={{ width: '100%', minWidth: 0, maxWidth: 440, p: { xs: 2, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('setPasswordTitle')}
          </Typography>
          {token ? (
            <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
              <FormTextField control={control} name="password" label="students:password" type="password" autoComplete="new-password" autoFocus fullWidth />
              <FormTextField control={control} name="confirmPassword" label="students:confirmPassword" type="password" autoComplete="new-password" fullWidth />
              <PendingButton isPending={formState.isSubmitting} type="submit" variant="contained" size="large" disabled={!formState.isValid || formState.isSubmitting}>
                {t('setPassword')}
              </PendingButton>
            </Stack>
          ) : (
            <Alert severity="error">{t('noToken')}</Alert>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
