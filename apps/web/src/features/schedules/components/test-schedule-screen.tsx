import { zodResolver } from '@hookform/resolvers/zod';
import { schedulesRoutes, type TestSchedule } from '@app/contracts';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { ColumnDef } from '../../../components/data-table/data-table';
import { FormDateTimeField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { toDateTimeLocalValue } from '../../../lib/date-time';
import { useScheduleMutation, useScheduleOptions, useTestSchedules } from '../api/schedules-api';
import {
  targetLabel,
  testScheduleFormSchema,
  toTestScheduleBody,
  toWindowTimes,
  windowTimesSchema,
  type TestScheduleForm,
  type WindowTimesForm,
} from '../model/schedule-form';
import { FormDialog } from './form-dialog';
import { ScheduleListCard } from './schedule-list-card';
import { formatInstant } from './schedule-format';
import { TargetFields } from './target-fields';

const EMPTY: TestScheduleForm = { courseId: '', taskId: '', instituteId: '', classId: '', sectionId: '', opensAt: '', closesAt: '', lateStartUntil: '' };

function WindowTimeFields<T extends WindowTimesForm>({ control }: { control: import('react-hook-form').Control<T> }) {
  return (
    <>
      <FormDateTimeField name={'opensAt' as never} control={control} label="schedules:opensAt" isRequired fullWidth />
      <FormDateTimeField name={'closesAt' as never} control={control} label="schedules:closesAt" isRequired fullWidth />
      <FormDateTimeField name={'lateStartUntil' as never} control={control} label="schedules:lateStartUntil" helperText="schedules:lateStartHelp" fullWidth />
    </>
  );
}

/** A new window: course, then one of its tests, whom it is for, and its times. */
function NewWindowDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('schedules');
  const options = useScheduleOptions('testSchedule');
  const create = useScheduleMutation(schedulesRoutes.createTestSchedule);
  const { control, handleSubmit, setValue, reset, formState } = useForm<TestScheduleForm>({ resolver: zodResolver(testScheduleFormSchema), defaultValues: EMPTY });
  const courseId = useWatch({ control, name: 'courseId' });
  const courses = options.data?.courses ?? [];
  const tests = courses.find((c) => c.id === courseId)?.tests ?? [];

  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const submit = handleSubmit((form) => create.mutate(toTestScheduleBody(form), { onSuccess: close }));

  return (
    <FormDialog title={t('newWindow')} isOpen={isOpen} isDirty={formState.isDirty} isBusy={create.isPending} onClose={close} onSubmit={submit}>
      <FormSelectField name="courseId" control={control} label="schedules:course" options={courses.map((c) => ({ value: c.id, label: c.name }))} isRequired fullWidth />
      <FormSelectField name="taskId" control={control} label="schedules:test" options={tests.map((x) => ({ value: x.id, label: x.name }))} isDisabled={courseId === ''} isRequired fullWidth />
      <TargetFields control={control} setValue={setValue} options={options.data} />
      <WindowTimeFields control={control} />
    </FormDialog>
  );
}

function EditWindowDialog({ row, onClose }: { row: TestSchedule; onClose: () => void }) {
  const { t } = useTranslation('schedules');
  const update = useScheduleMutation(schedulesRoutes.updateTestSchedule);
  const { control, handleSubmit, formState } = useForm<WindowTimesForm>({
    resolver: zodResolver(windowTimesSchema),
    defaultValues: { opensAt: toDateTimeLocalValue(row.opensAt), closesAt: toDateTimeLocalValue(row.closesAt), lateStartUntil: toDateTimeLocalValue(row.lateStartUntil) },
  });
  const submit = handleSubmit((form) => update.mutate({ id: row.id, ...toWindowTimes(form) }, { onSuccess: onClose }));
  return (
    <FormDialog title={`${t('editWindow')}: ${row.taskName}`} isOpen isDirty={formState.isDirty} isBusy={update.isPending} onClose={onClose} onSubmit={submit}>
      <WindowTimeFields control={control} />
    </FormDialog>
  );
}

/** Test Schedule (/testschedule): windows per test for an institute, class or section. */
export function TestScheduleScreen() {
  const { t, i18n } = useTranslation('schedules');
  const windows = useTestSchedules();
  const remove = useScheduleMutation(schedulesRoutes.deleteTestSchedule);

  const columns = useMemo<ColumnDef<TestSchedule, unknown>[]>(
    () => [
      { accessorKey: 'taskName', header: t('test') },
      { accessorKey: 'courseName', header: t('course') },
      { id: 'target', header: t('appliesTo'), accessorFn: (row) => targetLabel(row) },
      { id: 'opensAt', header: t('opensAt'), accessorKey: 'opensAt', cell: ({ row }) => formatInstant(row.original.opensAt, i18n.language) },
      { id: 'closesAt', header: t('closesAt'), accessorKey: 'closesAt', cell: ({ row }) => formatInstant(row.original.closesAt, i18n.language) },
      { id: 'lateStartUntil', header: t('lateStartUntil'), accessorKey: 'lateStartUntil', cell: ({ row }) => formatInstant(row.original.lateStartUntil, i18n.language) },
    ],
    [t, i18n.language],
  );

  return (
    <ScheduleListCard
      title={t('testScheduleTitle')}
      newLabel={t('newWindow')}
      tableLabel={t('windowsTable')}
      emptyText={t('noWindows')}
      columns={columns}
      list={windows}
      getRowLabel={(row) => `${row.taskName}, ${targetLabel(row)}`}
      isDeleting={remove.isPending}
      onDelete={(row, done) => remove.mutate({ id: row.id }, { onSuccess: done })}
      renderNew={(isOpen, onClose) => <NewWindowDialog isOpen={isOpen} onClose={onClose} />}
      renderEdit={(row, onClose) => <EditWindowDialog row={row} onClose={onClose} />}
    />
  );
}
