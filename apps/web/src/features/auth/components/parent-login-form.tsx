import { emailField, otpField } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../hooks/use-notify';
import { useSchemaValid } from '../../../hooks/use-schema-valid';
import { parentLogin, sendMailForOtp } from '../api/auth-api';
import { usePostLogin } from '../use-post-login';
import { ResendOtpButton } from '../../../components/resend-otp-button';
import { PendingButton } from '../../../components/pending-button';

export const ParentLoginFormSchema = z.object({ Email: emailField, otp: otpField });
type ParentLoginValues = z.input<typeof ParentLoginFormSchema>;

/** Parents sign in with their e-mail and a one-time code sent to it. */
export function ParentLoginForm() {
  const { t } = useTranslation('auth');
  const notify = useNotify();
  const postLogin = usePostLogin();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const { control, handleSubmit, formState, trigger, getValues } = useForm<ParentLoginValues>({
    resolver: zodResolver(ParentLoginFormSchema),
    mode: 'onChange',
    defaultValues: { Email: '', otp: '' },
  });
  const canSubmit = useSchemaValid(control, ParentLoginFormSchema);

  const handleSend = async () => {
    if (!(await trigger('Email'))) return false;
    try {
      const result = await sendMailForOtp(getValues('Email').trim());
      setSessionId(result.sessionId);
      notify.success(t('otpSent'));
      return true;
    } catch (error) {
      notify.apiError(error);
      return false;
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!sessionId) return;
    try {
      await postLogin(await parentLogin({ Email: values.Email.trim(), otp: values.otp.trim(), sessionId }));
    } catch (error) {
      notify.apiError(error, 'failed');
    }
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label={t('parentsLogin')}>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <FormTextField control={control} name="Email" label="auth:email" type="email" autoComplete="email" fullWidth />
        <ResendOtpButton onSend={handleSend} />
      </Stack>
      {sessionId && (
        <Typography variant="body2" color="text.secondary">
          {t('otpSent')}
        </Typography>
      )}
      <FormTextField
        control={control}
        name="otp"
        label="auth:otp"
        autoComplete="one-time-code"
        htmlInput={{ maxLength: 6, inputMode: 'numeric' }}
        isDisabled={!sessionId}
        fullWidth
      />
      <PendingButton
        isPending={formState.isSubmitting}
        type="submit"
        variant="contained"
        size="large"
        disabled={!sessionId || !canSubmit || formState.isSubmitting}
      >
        {t('login')}
      </PendingButton>
    </Stack>
  );
}
