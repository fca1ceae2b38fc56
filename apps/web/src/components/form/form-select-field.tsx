import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldTexts, type FieldTextProps } from './use-field-texts';

export interface FieldOption {
  value: string | number;
  /** Shown as given: options are data (names of classes, courses…), not interface texts. */
  label: string;
}

export type FormSelectFieldProps<T extends FieldValues> = FieldTextProps & {
  name: FieldPath<T>;
  control: Control<T>;
  options: readonly FieldOption[];
  fullWidth?: boolean;
  id?: string;
};

/** A single choice from a short list (MUI select: a listbox button, keyboard operable). */
export function FormSelectField<T extends FieldValues>({
  name,
  control,
  options,
  label,
  labelValues,
  helperText,
  isRequired,
  isDisabled,
  fullWidth,
  id,
}: FormSelectFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const texts = useFieldTexts(label, helperText, fieldState.error, labelValues);
  return (
    <TextField
      select
      id={id}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => {
        const chosen = options.find((option) => String(option.value) === event.target.value);
        field.onChange(chosen ? chosen.value : event.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={texts.label}
      helperText={texts.helper}
      error={texts.isInvalid}
      required={isRequired}
      disabled={isDisabled}
      fullWidth={fullWidth}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
