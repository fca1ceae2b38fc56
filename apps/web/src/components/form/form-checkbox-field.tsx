import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldTexts, type FieldTextProps } from './use-field-texts';

export type FormCheckboxFieldProps<T extends FieldValues> = FieldTextProps & {
  name: FieldPath<T>;
  control: Control<T>;
};

/** A yes/no choice in a form (a setting that takes effect is a `FormSwitchField`); the helper or error text is tied to the input by aria-describedby. */
export function FormCheckboxField<T extends FieldValues>({
  name,
  control,
  label,
  labelValues,
  helperText,
  isRequired,
  isDisabled,
}: FormCheckboxFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const texts = useFieldTexts(label, helperText, fieldState.error, labelValues);
  const helperId = useId();
  const inputProps = {
    'aria-invalid': texts.isInvalid,
    'aria-describedby': texts.helper ? helperId : undefined,
    'aria-required': isRequired,
  };
  return (
    <FormControl error={texts.isInvalid} disabled={isDisabled}>
      <FormControlLabel
        label={texts.label}
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            slotProps={{ input: inputProps }}
          />
        }
      />
      {texts.helper && <FormHelperText id={helperId}>{texts.helper}</FormHelperText>}
    </FormControl>
  );
}
