import { zodResolver } from '@hookform/resolvers/zod';
import { schedulesRoutes, type CourseMapping } from '@app/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { ColumnDef } from '../../../components/data-table/data-table';
import { FormSelectField } from '../../../components/form/form-select-field';
import { useCourseMappings, useScheduleMutation, useScheduleOptions } from '../api/schedules-api';
import { courseMappingFormSchema, targetLabel, toCourseMappingBody, type CourseMappingForm } from '../model/schedule-form';
import { FormDialog } from './form-dialog';
import { ScheduleListCard } from './schedule-list-card';
import { TargetFields } from './target-fields';

const EMPTY: CourseMappingForm = { courseId: '', instituteId: '', classId: '', sectionId: '' };

function NewMappingDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('schedules');
  const options = useScheduleOptions('courseMapping');
  const create = useScheduleMutation(schedulesRoutes.createCourseMapping);
  const { control, handleSubmit, setValue, reset, formState } = useForm<CourseMappingForm>({ resolver: zodResolver(courseMappingFormSchema), defaultValues: EMPTY });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const submit = handleSubmit((form) => create.mutate(toCourseMappingBody(form), { onSuccess: close }));
  return (
    <FormDialog title={t('newMapping')} isOpen={isOpen} isDirty={formState.isDirty} isBusy={create.isPending} onClose={close} onSubmit={submit}>
      <FormSelectField name="courseId" control={control} label="schedules:course" options={(options.data?.courses ?? []).map((c) => ({ value: c.id, label: c.name }))} isRequired fullWidth />
      <TargetFields control={control} setValue={setValue} options={options.data} />
    </FormDialog>
  );
}

/** Course Mapping (/coursemapping): which courses the caller's institutes, classes and sections get. */
export function CourseMappingScreen() {
  const { t } = useTranslation('schedules');
  const mappings = useCourseMappings();
  const remove = useScheduleMutation(schedulesRoutes.deleteCourseMapping);
  const columns = useMemo<ColumnDef<CourseMapping, unknown>[]>(
    () => [
      { accessorKey: 'courseName', header: t('course') },
      { id: 'target', header: t('appliesTo'), accessorFn: (row) => targetLabel(row) },
    ],
    [t],
  );
  return (
    <ScheduleListCard
      title={t('courseMappingTitle')}
      newLabel={t('newMapping')}
      tableLabel={t('mappingsTable')}
      emptyText={t('noMappings')}
      columns={columns}
      list={mappings}
      getRowLabel={(row) => `${row.courseName}, ${targetLabel(row)}`}
      isDeleting={remove.isPending}
      onDelete={(row, done) => remove.mutate({ id: row.id }, { onSuccess: done })}
      renderNew={(isOpen, onClose) => <NewMappingDialog isOpen={isOpen} onClose={onClose} />}
    />
  );
}
