import { StudentProfileBodySchema, type StudentProfileInput, type UserInfo } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { z } from 'zod';
import { FormDateField } from '../../../components/form-date-field';
import { FormSelectField } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';
import { useLookups } from '../api/profile-api';
import { PendingButton } from '../../../components/pending-button';

type Values = z.input<typeof StudentProfileBodySchema>;

const toId = (value: unknown): number | null => {
  const n = Number(value);
  return value === '' || value === null || value === undefined || !Number.isInteger(n) || n <= 0 ? null : n;
};

export function toFormValues(info: UserInfo | undefined): Values {
  return {
    firstName: info?.firstName ?? '',
    middleName: info?.middleName ?? '',
    lastName: info?.lastName ?? '',
    DOB: info?.DOB ?? '',
    email: info?.email ?? '',
    mobile: info?.mobile ?? '',
    address: info?.address ?? '',
    city: info?.city ?? '',
    state: info?.state ?? '',
    languageId: info?.languageId ?? '',
    interestedCourse: info?.interestedCourse ?? [],
    instituteID: info?.instituteID ?? '',
    classID: info?.classID ?? '',
    sectionID: info?.sectionID ?? '',
  };
}

/**
 * Students Info (spec 000 §3, §5): the profile form used by /profile and /register, with the
 * institute → class → section cascade and the interested courses. The e-mail is not editable.
 */
export function StudentInfoForm({
  info,
  submitLabel,
  onSubmit,
  isReadOnly = false,
  extraActions,
}: {
  info: UserInfo | undefined;
  submitLabel: string;
  onSubmit: (values: StudentProfileInput) => Promise<void>;
  isReadOnly?: boolean;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const values = useMemo(() => toFormValues(info), [info]);
  const { control, handleSubmit, setValue, formState } = useForm<Values, unknown, StudentProfileInput>({
    resolver: zodResolver(StudentProfileBodySchema),
    mode: 'onTouched',
    values,
  });
  const [instituteID, classID] = useWatch({ control, name: ['instituteID', 'classID'] });
  const lookups = useLookups(toId(instituteID), toId(classID));
  const named = (rows: { id: number; name: string }[] | undefined) => (rows ?? []).map((row) => ({ value: row.id, label: row.name }));

  const submit = handleSubmit(onSubmit);
  const common = { control, fullWidth: true, disabled: isReadOnly } as const;
  // Once the student has an institute, where it belongs is the institute's to change (the server refuses a change).
  const isPlaced = info?.instituteID != null;
  return (
    <form noValidate onSubmit={submit} aria-label={t('studentInfo')}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField {...common} name="firstName" label={t('firstName')} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField {...common} name="middleName" label={t('middleName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField {...common} name="lastName" label={t('lastName')} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormDateField {...common} name="DOB" label={t('dob')} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} fullWidth name="email" label={t('email')} disabled required />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField {...common} name="mobile" label={t('mobile')} type="tel" required />
        </Grid>
        <Grid size={12}>
          <FormTextField {...common} name="address" label={t('address')} multiline minRows={2} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField {...common} name="city" label={t('city')} options={(lookups.cities.data ?? []).map((c) => ({ value: c.name, label: c.name }))} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField {...common} name="state" label={t('state')} options={named(lookups.states.data)} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            {...common}
            name="instituteID"
            label={t('institute')}
            options={named(lookups.institutes.data)}
            onValueChange={() => {
              setValue('classID', '');
              setValue('sectionID', '');
            }}
            disabled={isReadOnly || isPlaced}
            helperText={isPlaced ? t('placementSet') : undefined}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            {...common}
            name="classID"
            label={t('class')}
            options={named(lookups.classes.data)}
            onValueChange={() => setValue('sectionID', '')}
            disabled={isReadOnly || isPlaced || toId(instituteID) === null}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            {...common}
            name="sectionID"
            label={t('section')}
            options={named(lookups.sections.data)}
            disabled={isReadOnly || isPlaced || toId(classID) === null}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField {...common} name="languageId" label={t('language')} options={named(lookups.languages.data)} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            {...common}
            name="interestedCourse"
            label={t('interestedCourses')}
            options={(lookups.courses.data ?? []).map((course) => ({ value: course.id, label: course.courseName }))}
            multiple
          />
        </Grid>
      </Grid>
      {!isReadOnly && (
        <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }}>
          {extraActions}
          <PendingButton isPending={formState.isSubmitting} type="submit" variant="contained" disabled={formState.isSubmitting}>
            {submitLabel}
          </PendingButton>
        </Stack>
      )}
    </form>
  );
}
