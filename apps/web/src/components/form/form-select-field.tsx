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
  /** Several choices: the form value is an array of the chosen options' values. */
  isMultiple?: boolean;
  /** Called with the new value after a choice (e.g. to clear a field that depends on this one). */
  onValueChange?: (value: FieldOption['value'] | Array<FieldOption['value']>) => void;
};

/** A choice from a short list, or several (MUI select: a listbox button, keyboard operable). */
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
  isMultiple,
  onValueChange,
}: FormSelectFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const texts = useFieldTexts(label, helperText, fieldState.error, labelValues);
  // The chosen option's own value (a number stays a number), or what the select gave when none matches.
  const toValue = (chosen: unknown) => options.find((option) => String(option.value) === String(chosen))?.value ?? (chosen as FieldOption['value']);
  return (
    <TextField
      select
      id={id}
      name={field.name}
      value={field.value ?? (isMultiple ? [] : '')}
      onChange={(event) => {
        const chosen: unknown = event.target.value;
        const value = Array.isArray(chosen) ? chosen.map(toValue) : toValue(chosen);
        field.onChange(value);
        onValueChange?.(value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={texts.label}
      helperText={texts.helper}
      error={texts.isInvalid}
      required={isRequired}
      disabled={isDisabled}
      fullWidth={fullWidth}
      slotProps={{
        select: isMultiple
          ? {
              multiple: true,
              renderValue: (selected) =>
                (selected as Array<FieldOption['value']>).map((value) => options.find((option) => option.value === value)?.label ?? value).join(', '),
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
  );
}
