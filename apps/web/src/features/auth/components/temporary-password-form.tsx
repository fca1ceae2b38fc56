import type { LoginResult } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../hooks/use-notify';
import { useSchemaValid } from '../../../hooks/use-schema-valid';
import { changeOwnPassword } from '../api/auth-api';
import { ChangePasswordSchema } from './change-password-screen';
import { PendingButton } from '../../../components/pending-button';

type Values = z.input<typeof ChangePasswordSchema>;

/**
 * After a sign-in with a temporary password: the server answers nothing else until it is changed,
 * so the session is stored only once the new password is set.
 */
export function TemporaryPasswordForm({ result, currentPassword, onDone }: { result: LoginResult; currentPassword: string; onDone: (result: LoginResult) => void }) {
  const { t } = useTranslation('auth');
  const notify = useNotify();
  const { control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(ChangePasswordSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const canSubmit = useSchemaValid(control, ChangePasswordSchema);
  const onSubmit = handleSubmit(async (values) => {
    try {
      await changeOwnPassword({ currentPassword, password: values.password }, result.token);
      onDone({ ...result, mustChangePassword: false });
    } catch (error) {
      notify.apiError(error);
    }
  });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('changePasswordTitle')}>
      <Alert severity="info">{t('temporaryPasswordTitle')}</Alert>
      <FormTextField control={control} name="password" label="auth:newPassword" type="password" autoComplete="new-password" autoFocus fullWidth />
      <FormTextField control={control} name="confirmPassword" label="auth:confirmPassword" type="password" autoComplete="new-password" fullWidth />
      <PendingButton isPending={formState.isSubmitting} type="submit" variant="contained" size="large" disabled={!canSubmit || formState.isSubmitting}>
        {t('continue')}
      </PendingButton>
    </Stack>
  );
}
