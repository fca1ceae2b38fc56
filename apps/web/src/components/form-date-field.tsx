import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../lib/translation';
import { DateInput, DMY_VALUE } from './date-time-field';
import { toDateValue } from '../lib/date-time';

type Props<T extends FieldValues> = {
  name: FieldPath<T>;
  control: Control<T>;
  label: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
};

/** A date of birth field (no later than today) whose form value is DD-MM-YYYY, the format the API takes. */
export function FormDateField<T extends FieldValues>({ name, control, helperText, ...rest }: Props<T>) {
  const { t } = useTranslation('messages');
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DateInput
          {...rest}
          valueFormat={DMY_VALUE}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(asMessageKey(fieldState.error.message)) : helperText}
          max={toDmy(new Date())}
        />
      )}
    />
  );
}

const toDmy = (date: Date) => toDateValue(date).split('-').reverse().join('-');
