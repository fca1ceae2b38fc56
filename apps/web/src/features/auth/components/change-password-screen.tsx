import { passwordField } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../hooks/use-notify';
import { useSchemaValid } from '../../../hooks/use-schema-valid';
import { resetPassword } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { paths } from '../../../config/paths';
import { PendingButton } from '../../../components/pending-button';

export const ChangePasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, {
    message: 'passwordsMustMatch',
    path: ['confirmPassword'],
  });
type Values = z.input<typeof ChangePasswordSchema>;

/** /change-password: reached from /verify with its secret; on success back to /login. */
export function ChangePasswordScreen() {
  const { t } = useTranslation('auth');
  const notify = useNotify();
  const navigate = useNavigate();
  const secret = (useLocation().state as { secret?: string } | null)?.secret;
  const { control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(ChangePasswordSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const canSubmit = useSchemaValid(control, ChangePasswordSchema);

  const onSubmit = handleSubmit(async (values) => {
    if (!secret) return;
    try {
      await resetPassword({ ...values, secret });
      notify.success(t('passwordChanged'));
      navigate(paths.auth.login.getHref(), { replace: true });
    } catch (error) {
      notify.apiError(error);
    }
  });

  if (!secret) return <Navigate to={paths.auth.login.getHref()} replace />;

  return (
    <AuthCard title={t('changePasswordTitle')}>
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
        <FormTextField control={control} name="password" label="auth:password" type="password" autoComplete="new-password" autoFocus fullWidth />
        <FormTextField control={control} name="confirmPassword" label="auth:confirmPassword" type="password" autoComplete="new-password" fullWidth />
        <PendingButton isPending={formState.isSubmitting} type="submit" variant="contained" size="large" disabled={!canSubmit || formState.isSubmitting}>
          {t('changePassword')}
        </PendingButton>
      </Stack>
    </AuthCard>
  );
}
