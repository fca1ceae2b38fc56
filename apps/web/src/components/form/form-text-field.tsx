import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { InputHTMLAttributes } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldTexts, type FieldTextProps } from './use-field-texts';

export type FormTextFieldProps<T extends FieldValues> = FieldTextProps &
  Pick<TextFieldProps, 'id' | 'size' | 'autoFocus' | 'onKeyDown' | 'type' | 'multiline' | 'minRows' | 'maxRows' | 'autoComplete' | 'placeholder' | 'fullWidth'> & {
    name: FieldPath<T>;
    control: Control<T>;
    /** Attributes of the input element itself (a one-time code's length and numeric keypad). */
    htmlInput?: Pick<InputHTMLAttributes<HTMLInputElement>, 'maxLength' | 'inputMode'>;
  };

/** A text field bound to react-hook-form; MUI links its label, helper and error to the input. */
export function FormTextField<T extends FieldValues>({
  name,
  control,
  label,
  labelValues,
  helperText,
  isRequired,
  isDisabled,
  htmlInput,
  ...rest
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const texts = useFieldTexts(label, helperText, fieldState.error, labelValues);
  return (
    <TextField
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={texts.label}
      helperText={texts.helper}
      error={texts.isInvalid}
      required={isRequired}
      disabled={isDisabled}
      slotProps={htmlInput ? { htmlInput } : undefined}
    />
  );
}
