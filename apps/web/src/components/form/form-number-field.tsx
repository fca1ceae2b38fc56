import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldTexts, type FieldTextProps } from './use-field-texts';

export type FormNumberFieldProps<T extends FieldValues> = FieldTextProps & {
  name: FieldPath<T>;
  control: Control<T>;
  min?: number;
  max?: number;
  /** `any` for a value with decimals of any length (marks). */
  step?: number | 'any';
  fullWidth?: boolean;
  id?: string;
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
  id,
}: FormNumberFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const texts = useFieldTexts(label, helperText, fieldState.error, labelValues);
  return (
    <TextField
      type="number"
      id={id}
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
        htmlInput: { min, max, step, inputMode: step === 'any' || (step !== undefined && !Number.isInteger(step)) ? 'decimal' : 'numeric' },
      }}
    />
  );
}
