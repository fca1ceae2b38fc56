import { CreateRosterStudentBodySchema, type StudentRow } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { z } from 'zod';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useCreateStudent, usePlaces, useUpdateStudent } from '../api/students-api';
import { PendingButton } from '../../../components/pending-button';

/** The form's values: the create call's fields, ids as the selects hold them. */
const FormSchema = CreateRosterStudentBodySchema;
type Values = z.input<typeof FormSchema>;

/**
 * Add a student (a set-password link goes out) or edit one, including a move to another class or
 * section. A new student's institute starts as the one the roster shows (the caller's own).
 */
export function StudentFormDialog({ student, defaultInstituteId, onClose }: { student: StudentRow | null; defaultInstituteId: number | null; onClose: () => void }) {
  const { t } = useTranslation('students');
  const isEdit = student !== null;
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const { control, handleSubmit, setValue, formState } = useForm<Values>({
    resolver: zodResolver(FormSchema),
    mode: 'onChange',
    defaultValues: {
      username: student?.username ?? '',
      firstName: student?.firstName ?? '',
      lastName: student?.lastName ?? '',
      email: student?.email ?? '',
      phone: student?.phone ?? '',
      dob: student?.dob ?? '',
      rollNumber: student?.rollNumber ?? '',
      instituteId: student?.instituteId ?? defaultInstituteId ?? undefined,
      classId: student?.classId ?? ('' as never),
      sectionId: student?.sectionId ?? null,
      language: 'en',
    },
  });
  const instituteId = useWatch({ control, name: 'instituteId' });
  const classId = useWatch({ control, name: 'classId' });
  const places = usePlaces(instituteId ? Number(instituteId) : null, classId ? Number(classId) : null);

  const onSubmit = handleSubmit(async (values) => {
    const parsed = FormSchema.parse(values);
    if (isEdit) {
      await update.mutateAsync({
        id: student.id,
        firstName: parsed.firstName,
        lastName: parsed.lastName,
        email: parsed.email,
        phone: parsed.phone,
        dob: parsed.dob,
        rollNumber: parsed.rollNumber,
        classId: parsed.classId,
        sectionId: parsed.sectionId,
      });
    } else {
      await create.mutateAsync(values);
    }
    onClose();
  });

  return (
    <WorkDialog isOpen isDirty={formState.isDirty} onClose={onClose} title={isEdit ? t('editTitle') : t('createTitle')}>
      <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <DialogContent>
          <Stack spacing={2}>
            <FormTextField control={control} name="username" label="students:username" isRequired isDisabled={isEdit} autoFocus={!isEdit} fullWidth />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={control} name="firstName" label="students:firstName" isRequired autoFocus={isEdit} fullWidth />
              <FormTextField control={control} name="lastName" label="students:lastName" fullWidth />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={control} name="email" label="students:email" type="email" fullWidth />
              <FormTextField control={control} name="phone" label="students:phone" type="tel" fullWidth />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={control} name="dob" label="students:dob" placeholder="DD-MM-YYYY" fullWidth />
              <FormTextField control={control} name="rollNumber" label="students:rollNumber" helperText="students:rollNumberHelp" htmlInput={{ inputMode: 'numeric' }} fullWidth />
            </Stack>
            <FormSelectField
              control={control}
              name="instituteId"
              label="students:institute"
              isDisabled={isEdit}
              options={places.institutes.map((i) => ({ value: i.id, label: i.name }))}
              onValueChange={() => {
                setValue('classId', '' as never);
                setValue('sectionId', null);
              }}
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormSelectField
                control={control}
                name="classId"
                label="students:class"
                isRequired
                options={places.classes.map((c) => ({ value: c.id, label: c.name }))}
                onValueChange={() => setValue('sectionId', null)}
                fullWidth
              />
              <FormSelectField control={control} name="sectionId" label="students:section" options={places.sections.map((s) => ({ value: s.id, label: s.name }))} fullWidth />
            </Stack>
            {!isEdit && (
              <FormSelectField
                control={control}
                name="language"
                label="students:language"
                options={[
                  { value: 'en', label: t('english') },
                  { value: 'tn', label: t('tamil') },
                ]}
                fullWidth
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <PendingButton isPending={formState.isSubmitting} type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('save')}
          </PendingButton>
        </DialogActions>
      </form>
    </WorkDialog>
  );
}
