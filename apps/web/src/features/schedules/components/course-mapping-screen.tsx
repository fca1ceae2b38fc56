import { zodResolver } from '@hookform/resolvers/zod';
import { schedulesRoutes, type CourseMapping } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table';
import { FormSelectField } from '../../../components/form/form-select-field';
import { PageCard } from '../../../components/layout/page-card';
import { useCourseMappings } from '../api/schedule-lists';
import { useScheduleOptions } from '../api/schedule-options';
import { useScheduleMutation } from '../api/use-schedule-mutation';
import { courseMappingFormSchema, targetLabel, toCourseMappingBody, type CourseMappingForm } from '../model/schedule-form';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { FormDialog } from './form-dialog';
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
  const [isCreating, setIsCreating] = useState(false);
  const [deleting, setDeleting] = useState<CourseMapping | null>(null);
  const columns = useMemo<ColumnDef<CourseMapping, unknown>[]>(
    () => [
      { accessorKey: 'courseName', header: t('course') },
      { id: 'target', header: t('appliesTo'), accessorFn: (row) => targetLabel(row) },
    ],
    [t],
  );
  return (
    <PageCard
      title={t('courseMappingTitle')}
      toolbar={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreating(true)}>
          {t('newMapping')}
        </Button>
      }
    >
      <DataTable
        label={t('mappingsTable')}
        columns={columns}
        rows={mappings.data ?? []}
        getRowId={(row) => String(row.id)}
        getRowLabel={(row) => `${row.courseName}, ${targetLabel(row)}`}
        isLoading={mappings.isLoading}
        error={mappings.isError ? t('loadFailed') : null}
        onRetry={() => void mappings.refetch()}
        emptyText={t('noMappings')}
        isSearchable
        rowActions={[{ id: 'delete', label: t('delete'), icon: <DeleteIcon />, onClick: setDeleting }]}
      />
      <NewMappingDialog isOpen={isCreating} onClose={() => setIsCreating(false)} />
      <ConfirmDeleteDialog
        isOpen={deleting !== null}
        isBusy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) })}
      />
    </PageCard>
  );
}
