import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../lib/translation';

export interface SelectOption {
  value: string | number;
  label: string;
}

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'select'> & {
  name: FieldPath<T>;
  control: Control<T>;
  options: readonly SelectOption[];
  multiple?: boolean;
  /** Called after the value changes (e.g. to clear a dependent field). */
  onValueChange?: (value: unknown) => void;
};

/** A MUI select bound to react-hook-form; messages are catalogue keys, translated here. */
export function FormSelectField<T extends FieldValues>({ name, control, options, multiple, onValueChange, helperText, ...rest }: Props<T>) {
  const { t } = useTranslation('messages');
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          select
          name={field.name}
          value={field.value ?? (multiple ? [] : '')}
          onChange={(event) => {
            field.onChange(event.target.value);
            onValueChange?.(event.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(asMessageKey(fieldState.error.message)) : helperText}
          slotProps={{
            select: multiple
              ? {
                  multiple: true,
                  renderValue: (selected) =>
                    (selected as Array<string | number>)
                      .map((value) => options.find((option) => option.value === value)?.label ?? value)
                      .join(', '),
                }
              : undefined,
          }}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
