import { CreateStudentBodySchema, otpField } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormBirthDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../hooks/use-notify';
import { useSchemaValid } from '../../../hooks/use-schema-valid';
import { createStudent, listInstituteDepartments, sendMailForOtp } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { ResendOtpButton } from '../../../components/resend-otp-button';
import { paths } from '../../../config/paths';
import { PendingButton } from '../../../components/pending-button';

export const SignupDetailsSchema = CreateStudentBodySchema.omit({ otp: true, sessionId: true });
type DetailsValues = z.input<typeof SignupDetailsSchema>;
const CodeSchema = z.object({ otp: otpField });

const unique = (values: string[]) => [...new Set(values)].map((value) => ({ value, label: value }));

/** /signup: step 0 the details form, step 1 the e-mailed one-time code. */
export function SignupScreen() {
  const { t } = useTranslation('auth');
  const notify = useNotify();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const departments = useQuery({ queryKey: ['lookups', 'instituteDepartments'], queryFn: listInstituteDepartments });

  const details = useForm<DetailsValues>({
    resolver: zodResolver(SignupDetailsSchema),
    mode: 'onTouched',
    defaultValues: {
      Name: '', Email: '', DOB: '', Mobile: '', CampusName: '', DepartmentName: '', DegreeName: '',
      YearOfPassing: '' as unknown as number, Section: '', RollNo: '', parent1Email: '', parent2Email: '', password: '',
    },
  });
  const code = useForm<z.input<typeof CodeSchema>>({ resolver: zodResolver(CodeSchema), mode: 'onChange', defaultValues: { otp: '' } });
  const isCodeValid = useSchemaValid(code.control, CodeSchema);
  const [campus, department] = useWatch({ control: details.control, name: ['CampusName', 'DepartmentName'] });

  const options = useMemo(() => {
    const rows = departments.data ?? [];
    const inCampus = rows.filter((row) => row.Campus === campus);
    return {
      campuses: unique(rows.map((row) => row.Campus)),
      departments: unique(inCampus.map((row) => row.Department)),
      degrees: unique(inCampus.filter((row) => row.Department === department).flatMap((row) => row.Degrees)),
    };
  }, [departments.data, campus, department]);

  const sendCode = async () => {
    try {
      const result = await sendMailForOtp(details.getValues('Email').trim());
      setSessionId(result.sessionId);
      notify.success(t('otpSent'));
      return true;
    } catch (error) {
      notify.apiError(error);
      return false;
    }
  };

  const onNext = details.handleSubmit(async () => {
    if (await sendCode()) setStep(1);
  });

  const onVerify = code.handleSubmit(async ({ otp }) => {
    if (!sessionId) return;
    try {
      await createStudent({ ...details.getValues(), otp: otp.trim(), sessionId });
      notify.success(t('signupDone'));
      navigate(paths.auth.login.getHref(), { replace: true });
    } catch (error) {
      notify.apiError(error);
    }
  });

  const { control } = details;
  return (
    <AuthCard title={t('signupTitle')} width={720}>
      {/* Labels under the step numbers: in Tamil, side by side they were wider than a 320 px phone. */}
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        <Step>
          <StepLabel>{t('signupDetails')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('signupVerify')}</StepLabel>
        </Step>
      </Stepper>
      {step === 0 ? (
        <form noValidate onSubmit={onNext} aria-label={t('signupDetails')}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="Name" label="auth:name" isRequired fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="Email" label="auth:email" type="email" isRequired fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormBirthDateField control={control} name="DOB" label="auth:dob" isRequired fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="Mobile" label="auth:mobile" type="tel" isRequired fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormSelectField
                control={control}
                name="CampusName"
                label="auth:campusName"
                options={options.campuses}
                onValueChange={() => {
                  details.setValue('DepartmentName', '');
                  details.setValue('DegreeName', '');
                }}
                isRequired
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormSelectField
                control={control}
                name="DepartmentName"
                label="auth:departmentName"
                options={options.departments}
                onValueChange={() => details.setValue('DegreeName', '')}
                isDisabled={!campus}
                isRequired
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormSelectField control={control} name="DegreeName" label="auth:degreeName" options={options.degrees} isDisabled={!department} isRequired fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={control} name="YearOfPassing" label="auth:yearOfPassing" type="number" isRequired fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={control} name="Section" label="auth:section" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={control} name="RollNo" label="auth:rollNo" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="parent1Email" label="auth:parent1Email" type="email" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="parent2Email" label="auth:parent2Email" type="email" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="password" label="auth:password" type="password" autoComplete="new-password" isRequired fullWidth />
            </Grid>
          </Grid>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mt: 3 }}>
            <Typography variant="body2">
              {t('haveAccount')}{' '}
              <Link component={RouterLink} to={paths.auth.login.getHref()}>
                {t('login')}
              </Link>
            </Typography>
            <PendingButton isPending={details.formState.isSubmitting} type="submit" variant="contained" disabled={details.formState.isSubmitting}>
              {t('next')}
            </PendingButton>
          </Stack>
        </form>
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={onVerify} aria-label={t('signupVerify')}>
          {/* A long address breaks anywhere rather than widening a phone's screen. */}
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('signupCodeSent', { email: details.getValues('Email') })}
          </Typography>
          <FormTextField
            control={code.control}
            name="otp"
            label="auth:otp"
            autoComplete="one-time-code"
            htmlInput={{ maxLength: 6, inputMode: 'numeric' }}
            autoFocus
            fullWidth
          />
          <Stack direction="row" spacing={1} useFlexGap justifyContent="space-between" sx={{ flexWrap: 'wrap' }}>
            <Button onClick={() => setStep(0)}>{t('back')}</Button>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <ResendOtpButton onSend={sendCode} isAlreadySent />
              <PendingButton isPending={code.formState.isSubmitting} type="submit" variant="contained" disabled={!isCodeValid || code.formState.isSubmitting}>
                {t('verify')}
              </PendingButton>
            </Stack>
          </Stack>
        </Stack>
      )}
    </AuthCard>
  );
}
