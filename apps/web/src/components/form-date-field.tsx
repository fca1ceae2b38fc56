import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dmyToIso, isoToDmy } from '../lib/dob';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'type'> & {
  name: FieldPath<T>;
  control: Control<T>;
};

/** A date picker (the browser's) whose form value is DD-MM-YYYY, the format the API takes. */
export function FormDateField<T extends FieldValues>({ name, control, slotProps, ...rest }: Props<T>) {
  const { t } = useTranslation('messages');
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          type="date"
          name={field.name}
          value={dmyToIso(field.value as string | undefined)}
          onChange={(event) => field.onChange(isoToDmy(event.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : rest.helperText}
          slotProps={{ ...slotProps, inputLabel: { shrink: true }, htmlInput: { max: new Date().toISOString().slice(0, 10) } }}
        />
      )}
    />
  );
}
