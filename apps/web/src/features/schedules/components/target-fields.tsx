import type { ScheduleOptions } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { useWatch, type Control, type FieldValues, type Path, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { FormSelectField } from '../../../components/form/form-select-field';
import { targetChoices } from '../model/schedule-form';

interface TargetFieldValues extends FieldValues {
  instituteId: number | '';
  classId: number | '';
  sectionId: number | '';
}

/** Institute, then optionally a class, then optionally one of its sections; a change clears what depends on it. */
export function TargetFields<T extends TargetFieldValues>({
  control,
  setValue,
  options,
}: {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  options: ScheduleOptions | undefined;
}) {
  const { t } = useTranslation('schedules');
  const instituteId = useWatch({ control, name: 'instituteId' as Path<T> }) as number | '';
  const classId = useWatch({ control, name: 'classId' as Path<T> }) as number | '';
  const choices = targetChoices(options, instituteId, classId);
  const previous = useRef({ instituteId, classId });

  useEffect(() => {
    if (previous.current.instituteId !== instituteId) setValue('classId' as Path<T>, '' as never);
    if (previous.current.classId !== classId || previous.current.instituteId !== instituteId) setValue('sectionId' as Path<T>, '' as never);
    previous.current = { instituteId, classId };
  }, [instituteId, classId, setValue]);

  // A staff member of one institute gets it chosen already.
  useEffect(() => {
    if (instituteId === '' && choices.institutes.length === 1) setValue('instituteId' as Path<T>, choices.institutes[0]!.value as never);
  }, [instituteId, choices.institutes, setValue]);

  return (
    <>
      <FormSelectField name={'instituteId' as Path<T>} control={control} label="schedules:institute" options={choices.institutes} isRequired fullWidth />
      <FormSelectField
        name={'classId' as Path<T>}
        control={control}
        label="schedules:class"
        options={[{ value: '', label: t('allClasses') }, ...choices.classes]}
        isDisabled={instituteId === ''}
        fullWidth
      />
      <FormSelectField
        name={'sectionId' as Path<T>}
        control={control}
        label="schedules:section"
        options={[{ value: '', label: t('allSections') }, ...choices.sections]}
        isDisabled={classId === ''}
        fullWidth
      />
    </>
  );
}
