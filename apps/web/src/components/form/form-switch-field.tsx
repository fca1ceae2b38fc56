import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldTexts, type FieldTextProps } from './use-field-texts';

export type FormSwitchFieldProps<T extends FieldValues> = FieldTextProps & {
  name: FieldPath<T>;
  control: Control<T>;
  /** The values meaning on and off, where the field holds other than true and false (a spec's 0/1 flag). */
  values?: { on: unknown; off: unknown };
};

const BOOLEAN = { on: true, off: false };

/**
 * A setting that takes effect, on or off: a checkbox drawn as a switch (Space toggles it, its
 * state is the input's checked state), labelled, with the helper or error tied by aria-describedby.
 */
export function FormSwitchField<T extends FieldValues>({ name, control, label, labelValues, helperText, isRequired, isDisabled, values = BOOLEAN }: FormSwitchFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const texts = useFieldTexts(label, helperText, fieldState.error, labelValues);
  const helperId = useId();
  return (
    <FormControl error={texts.isInvalid} disabled={isDisabled}>
      <FormControlLabel
        label={texts.label}
        control={
          <Switch
            name={field.name}
            checked={field.value === values.on}
            onChange={(event) => field.onChange(event.target.checked ? values.on : values.off)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            slotProps={{ input: { 'aria-invalid': texts.isInvalid, 'aria-describedby': texts.helper ? helperId : undefined, 'aria-required': isRequired } }}
          />
        }
      />
      {texts.helper && <FormHelperText id={helperId}>{texts.helper}</FormHelperText>}
    </FormControl>
  );
}
