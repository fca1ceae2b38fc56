import { ForgotPasswordBodySchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../hooks/use-notify';
import { useSchemaValid } from '../../../hooks/use-schema-valid';
import { forgotPassword } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { paths } from '../../../config/paths';
import { PendingButton } from '../../../components/pending-button';

type Values = z.input<typeof ForgotPasswordBodySchema>;

/** /forget-password: e-mails a code and hands the request's secret to /verify. */
export function ForgetPasswordScreen() {
  const { t } = useTranslation('auth');
  const notify = useNotify();
  const navigate = useNavigate();
  const { control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(ForgotPasswordBodySchema),
    mode: 'onChange',
    defaultValues: { username: '' },
  });
  const canSubmit = useSchemaValid(control, ForgotPasswordBodySchema);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await forgotPassword(values.username.trim());
      navigate(paths.auth.verify.getHref(), { state: { secret: result.otpSecret } });
    } catch (error) {
      notify.apiError(error);
    }
  });

  return (
    <AuthCard title={t('forgetPasswordTitle')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('forgetPasswordText')}
      </Typography>
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
        <FormTextField control={control} name="username" label="auth:email" type="email" autoComplete="email" autoFocus fullWidth />
        <PendingButton isPending={formState.isSubmitting} type="submit" variant="contained" size="large" disabled={!canSubmit || formState.isSubmitting}>
          {t('sendResetCode')}
        </PendingButton>
        <Link component={RouterLink} to={paths.auth.login.getHref()} sx={{ alignSelf: 'center' }}>
          {t('backToLogin')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
