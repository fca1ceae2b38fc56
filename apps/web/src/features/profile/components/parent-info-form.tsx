import { UpdateParentInfoBodySchema, type ParentInfo, type UpdateParentInfoBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { ResendOtpButton } from '../../../components/resend-otp-button';
import { useNotify } from '../../../hooks/use-notify';
import { generateOtp2 } from '../api/profile-api';
import { PendingButton } from '../../../components/pending-button';

type Values = z.input<typeof UpdateParentInfoBodySchema>;

/**
 * Parents Info (spec 000 §3, §5): the code sent to the parent's phone with Send OTP confirms the
 * details; Send OTP then counts down 100 s before it can resend.
 */
export function ParentInfoForm({
  info,
  submitLabel,
  onSubmit,
  extraActions,
}: {
  info: ParentInfo | undefined;
  submitLabel: string;
  onSubmit: (values: UpdateParentInfoBody) => Promise<void>;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const values = useMemo<Values>(
    () => ({
      parentName: info?.parentName ?? '',
      guardian1: info?.guardian1 ?? '',
      guardian2: info?.guardian2 ?? '',
      email: info?.email ?? '',
      phone: info?.phone ?? '',
      otp: '',
    }),
    [info],
  );
  const { control, handleSubmit, formState, trigger, getValues } = useForm<Values, unknown, UpdateParentInfoBody>({
    resolver: zodResolver(UpdateParentInfoBodySchema),
    mode: 'onTouched',
    values,
  });

  const handleSend = async () => {
    if (!(await trigger('phone'))) return false;
    const phone = getValues('phone').trim();
    try {
      await generateOtp2(phone);
      setSentTo(phone);
      return true;
    } catch (error) {
      notify.apiError(error);
      return false;
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('parentsInfo')}>
      {info?.phoneVerified && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('phoneVerified')}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="parentName" label="profile:parentName" isRequired fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="guardian1" label="profile:guardian1" isRequired fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="guardian2" label="profile:guardian2" fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="email" label="profile:email" type="email" isRequired fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <FormTextField control={control} name="phone" label="profile:phone" type="tel" isRequired fullWidth />
            <ResendOtpButton onSend={handleSend} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="otp"
            label="profile:otp"
            autoComplete="one-time-code"
            htmlInput={{ maxLength: 6, inputMode: 'numeric' }}
            isRequired
            fullWidth
          />
          {sentTo && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('otpSentToPhone', { phone: sentTo })}
            </Typography>
          )}
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }}>
        {extraActions}
        <PendingButton isPending={formState.isSubmitting} type="submit" variant="contained" disabled={formState.isSubmitting}>
          {submitLabel}
        </PendingButton>
      </Stack>
    </form>
  );
}
