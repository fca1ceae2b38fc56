import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldTexts, type FieldTextProps } from './use-field-texts';

export type FormNumberFieldProps<T extends FieldValues> = FieldTextProps & {
  name: FieldPath<T>;
  control: Control<T>;
  min?: number;
  max?: number;
  step?: number;
  fullWidth?: boolean;
};

/** A number field: the form value is a number, or null while empty (the schema decides). */
export function FormNumberField<T extends FieldValues>({
  name,
  control,
  label,
  labelValues,
  helperText,
  isRequired,
  isDisabled,
  min,
  max,
  step,
  fullWidth,
}: FormNumberFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const texts = useFieldTexts(label, helperText, fieldState.error, labelValues);
  return (
    <TextField
      type="number"
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={texts.label}
      helperText={texts.helper}
      error={texts.isInvalid}
      required={isRequired}
      disabled={isDisabled}
      fullWidth={fullWidth}
      slotProps={{
        htmlInput: { min, max, step, inputMode: step !== undefined && !Number.isInteger(step) ? 'decimal' : 'numeric' },
      }}
    />
  );
}
