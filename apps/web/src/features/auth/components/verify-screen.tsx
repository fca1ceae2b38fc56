import { otpField } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../hooks/use-notify';
import { useSchemaValid } from '../../../hooks/use-schema-valid';
import { validateEmailOtp } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { paths } from '../../../config/paths';
import { PendingButton } from '../../../components/pending-button';

const VerifySchema = z.object({ passcode: otpField });
type Values = z.input<typeof VerifySchema>;

/** /verify: checks the mailed code; without a secret in navigation state it returns to /login. */
export function VerifyScreen() {
  const { t } = useTranslation('auth');
  const notify = useNotify();
  const navigate = useNavigate();
  const secret = (useLocation().state as { secret?: string } | null)?.secret;
  const { control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(VerifySchema),
    mode: 'onChange',
    defaultValues: { passcode: '' },
  });
  const canSubmit = useSchemaValid(control, VerifySchema);

  const onSubmit = handleSubmit(async (values) => {
    if (!secret) return;
    try {
      const result = await validateEmailOtp({ passcode: values.passcode.trim(), secret });
      navigate(paths.auth.changePassword.getHref(), { state: { secret: result.secret }, replace: true });
    } catch (error) {
      notify.apiError(error);
    }
  });

  if (!secret) return <Navigate to={paths.auth.login.getHref()} replace />;

  return (
    <AuthCard title={t('verifyTitle')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('verifyText')}
      </Typography>
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
        <FormTextField
          control={control}
          name="passcode"
          label="auth:otp"
          autoComplete="one-time-code"
          htmlInput={{ maxLength: 6, inputMode: 'numeric' }}
          autoFocus
          fullWidth
        />
        <PendingButton isPending={formState.isSubmitting} type="submit" variant="contained" size="large" disabled={!canSubmit || formState.isSubmitting}>
          {t('verify')}
        </PendingButton>
        <Link component={RouterLink} to={paths.auth.login.getHref()} sx={{ alignSelf: 'center' }}>
          {t('backToLogin')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
