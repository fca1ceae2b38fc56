import { StudentProfileBodySchema, type StudentProfileInput, type UserInfo } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { z } from 'zod';
import { FormBirthDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
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
  const common = { control, fullWidth: true, isDisabled: isReadOnly } as const;
  // Once the student has an institute, where it belongs is the institute's to change (the server refuses a change).
  const isPlaced = info?.instituteID != null;
  return (
    <form noValidate onSubmit={submit} aria-label={t('studentInfo')}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField {...common} name="firstName" label="profile:firstName" isRequired />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField {...common} name="middleName" label="profile:middleName" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField {...common} name="lastName" label="profile:lastName" isRequired />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormBirthDateField {...common} name="DOB" label="profile:dob" isRequired />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} fullWidth name="email" label="profile:email" isDisabled isRequired />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField {...common} name="mobile" label="profile:mobile" type="tel" isRequired />
        </Grid>
        <Grid size={12}>
          <FormTextField {...common} name="address" label="profile:address" multiline minRows={2} isRequired />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField {...common} name="city" label="profile:city" options={(lookups.cities.data ?? []).map((c) => ({ value: c.name, label: c.name }))} isRequired />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField {...common} name="state" label="profile:state" options={named(lookups.states.data)} isRequired />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            {...common}
            name="instituteID"
            label="profile:institute"
            options={named(lookups.institutes.data)}
            onValueChange={() => {
              setValue('classID', '');
              setValue('sectionID', '');
            }}
            isDisabled={isReadOnly || isPlaced}
            helperText={isPlaced ? 'profile:placementSet' : undefined}
            isRequired
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            {...common}
            name="classID"
            label="profile:class"
            options={named(lookups.classes.data)}
            onValueChange={() => setValue('sectionID', '')}
            isDisabled={isReadOnly || isPlaced || toId(instituteID) === null}
            isRequired
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            {...common}
            name="sectionID"
            label="profile:section"
            options={named(lookups.sections.data)}
            isDisabled={isReadOnly || isPlaced || toId(classID) === null}
            isRequired
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField {...common} name="languageId" label="profile:language" options={named(lookups.languages.data)} isRequired />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            {...common}
            name="interestedCourse"
            label="profile:interestedCourses"
            options={(lookups.courses.data ?? []).map((course) => ({ value: course.id, label: course.courseName }))}
            isMultiple
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
