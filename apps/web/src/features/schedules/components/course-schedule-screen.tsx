import { zodResolver } from '@hookform/resolvers/zod';
import { schedulesRoutes, type TopicOpening } from '@app/contracts';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { z } from 'zod';
import type { ColumnDef } from '../../../components/data-table/data-table';
import { FormDateTimeField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from '../../../lib/date-time';
import { useScheduleMutation, useScheduleOptions, useTopicOpenings } from '../api/schedules-api';
import { targetLabel, toTopicOpeningBody, topicOpeningFormSchema, type TopicOpeningForm } from '../model/schedule-form';
import { FormDialog } from './form-dialog';
import { ScheduleListCard } from './schedule-list-card';
import { formatInstant } from './schedule-format';
import { TargetFields } from './target-fields';

const EMPTY: TopicOpeningForm = { courseId: '', topicId: '', instituteId: '', classId: '', sectionId: '', opensAt: '' };
const opensAtSchema = z.object({ opensAt: z.string().refine((value) => fromDateTimeLocalValue(value) !== null, { message: 'dateTimeInvalid' }) });

function NewOpeningDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('schedules');
  const options = useScheduleOptions('courseSchedule');
  const create = useScheduleMutation(schedulesRoutes.createTopicOpening);
  const { control, handleSubmit, setValue, reset, formState } = useForm<TopicOpeningForm>({ resolver: zodResolver(topicOpeningFormSchema), defaultValues: EMPTY });
  const courseId = useWatch({ control, name: 'courseId' });
  const courses = options.data?.courses ?? [];
  const topics = courses.find((c) => c.id === courseId)?.topics ?? [];
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const submit = handleSubmit((form) => create.mutate(toTopicOpeningBody(form), { onSuccess: close }));
  return (
    <FormDialog title={t('newOpening')} isOpen={isOpen} isDirty={formState.isDirty} isBusy={create.isPending} onClose={close} onSubmit={submit}>
      <FormSelectField name="courseId" control={control} label="schedules:course" options={courses.map((c) => ({ value: c.id, label: c.name }))} isRequired fullWidth />
      <FormSelectField name="topicId" control={control} label="schedules:topic" options={topics.map((x) => ({ value: x.id, label: x.name }))} isDisabled={courseId === ''} isRequired fullWidth />
      <TargetFields control={control} setValue={setValue} options={options.data} />
      <FormDateTimeField name="opensAt" control={control} label="schedules:opensAt" isRequired fullWidth />
    </FormDialog>
  );
}

function EditOpeningDialog({ row, onClose }: { row: TopicOpening; onClose: () => void }) {
  const { t } = useTranslation('schedules');
  const update = useScheduleMutation(schedulesRoutes.updateTopicOpening);
  const { control, handleSubmit, formState } = useForm<{ opensAt: string }>({ resolver: zodResolver(opensAtSchema), defaultValues: { opensAt: toDateTimeLocalValue(row.opensAt) } });
  const submit = handleSubmit((form) => update.mutate({ id: row.id, opensAt: fromDateTimeLocalValue(form.opensAt)! }, { onSuccess: onClose }));
  return (
    <FormDialog title={`${t('editOpening')}: ${row.topicName}`} isOpen isDirty={formState.isDirty} isBusy={update.isPending} onClose={onClose} onSubmit={submit}>
      <FormDateTimeField name="opensAt" control={control} label="schedules:opensAt" isRequired fullWidth />
    </FormDialog>
  );
}

/** Course Schedule for admins (/courseschedule): when topics open for an institute, class or section. */
export function CourseScheduleScreen() {
  const { t, i18n } = useTranslation('schedules');
  const openings = useTopicOpenings();
  const remove = useScheduleMutation(schedulesRoutes.deleteTopicOpening);
  const columns = useMemo<ColumnDef<TopicOpening, unknown>[]>(
    () => [
      { accessorKey: 'topicName', header: t('topic') },
      { accessorKey: 'courseName', header: t('course') },
      { id: 'target', header: t('appliesTo'), accessorFn: (row) => targetLabel(row) },
      { id: 'opensAt', header: t('opensAt'), accessorKey: 'opensAt', cell: ({ row }) => formatInstant(row.original.opensAt, i18n.language) },
    ],
    [t, i18n.language],
  );
  return (
    <ScheduleListCard
      title={t('courseScheduleTitle')}
      newLabel={t('newOpening')}
      tableLabel={t('openingsTable')}
      emptyText={t('noOpenings')}
      columns={columns}
      list={openings}
      getRowLabel={(row) => `${row.topicName}, ${targetLabel(row)}`}
      isDeleting={remove.isPending}
      onDelete={(row, done) => remove.mutate({ id: row.id }, { onSuccess: done })}
      renderNew={(isOpen, onClose) => <NewOpeningDialog isOpen={isOpen} onClose={onClose} />}
      renderEdit={(row, onClose) => <EditOpeningDialog row={row} onClose={onClose} />}
    />
  );
}
