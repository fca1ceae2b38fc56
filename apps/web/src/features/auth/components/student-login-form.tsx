import { LoginBodySchema, type LoginResult } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../hooks/use-notify';
import { useSchemaValid } from '../../../hooks/use-schema-valid';
import { login } from '../api/auth-api';
import { usePostLogin } from '../use-post-login';
import { TemporaryPasswordForm } from './temporary-password-form';
import { PendingButton } from '../../../components/pending-button';

export const StudentLoginSchema = LoginBodySchema.pick({ username: true, password: true });
type StudentLoginValues = z.input<typeof StudentLoginSchema>;

export function StudentLoginForm() {
  const { t } = useTranslation('auth');
  const notify = useNotify();
  const postLogin = usePostLogin();
  // A sign-in with a temporary password waits here until a new one is chosen.
  const [pending, setPending] = useState<{ result: LoginResult; password: string } | null>(null);
  const { control, handleSubmit, formState } = useForm<StudentLoginValues>({
    resolver: zodResolver(StudentLoginSchema),
    mode: 'onChange',
    defaultValues: { username: '', password: '' },
  });
  const canSubmit = useSchemaValid(control, StudentLoginSchema);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await login(values);
      if (result.mustChangePassword) setPending({ result, password: values.password });
      else await postLogin(result);
    } catch (error) {
      notify.apiError(error, 'checkInternet');
    }
  });

  if (pending) return <TemporaryPasswordForm result={pending.result} currentPassword={pending.password} onDone={(result) => void postLogin(result)} />;

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label={t('studentsLogin')}>
      <FormTextField control={control} name="username" label="auth:username" autoComplete="username" autoFocus fullWidth />
      <FormTextField control={control} name="password" label="auth:password" type="password" autoComplete="current-password" fullWidth />
      <PendingButton
        isPending={formState.isSubmitting}
        type="submit"
        variant="contained"
        size="large"
        disabled={!canSubmit || formState.isSubmitting}
      >
        {t('login')}
      </PendingButton>
    </Stack>
  );
}
