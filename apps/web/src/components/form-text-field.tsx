import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../lib/translation';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: FieldPath<T>;
  control: Control<T>;
};

/**
 * A MUI text field bound to react-hook-form. Schema messages are catalogue keys, translated here
 * in the `messages` namespace so the form speaks the chosen language.
 */
export function FormTextField<T extends FieldValues>({ name, control, helperText, ...rest }: Props<T>) {
  const { t } = useTranslation('messages');
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(asMessageKey(fieldState.error.message)) : helperText}
        />
      )}
    />
  );
}
