import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { format as formatDate } from 'date-fns';
import { DateInput, DateTimeInput, DMY_VALUE } from '../date-time-field';
import { useFieldTexts, type FieldTextProps } from './use-field-texts';

export type FormDateFieldProps<T extends FieldValues> = FieldTextProps & {
  name: FieldPath<T>;
  control: Control<T>;
  /** YYYY-MM-DD */
  min?: string;
  /** YYYY-MM-DD */
  max?: string;
  fullWidth?: boolean;
};

/** A date field in the interface language; the form value is YYYY-MM-DD, or '' while empty. */
export function FormDateField<T extends FieldValues>(props: FormDateFieldProps<T>) {
  return <FormPickerField {...props} withTime={false} />;
}

/** A date-and-time field bound to react-hook-form; the form value is YYYY-MM-DDTHH:mm, or ''. */
export function FormDateTimeField<T extends FieldValues>(props: Omit<FormDateFieldProps<T>, 'min' | 'max'>) {
  return <FormPickerField {...props} withTime />;
}

/** A date of birth (no later than today) whose form value is DD-MM-YYYY, the format the API takes, or ''. */
export function FormBirthDateField<T extends FieldValues>(props: Omit<FormDateFieldProps<T>, 'min' | 'max'>) {
  return <FormPickerField {...props} withTime={false} valueFormat={DMY_VALUE} max={formatDate(new Date(), DMY_VALUE)} />;
}

/** The one binding of a picker field to react-hook-form: its value, its error and its texts. */
function FormPickerField<T extends FieldValues>({ name, control, label, labelValues, helperText, isRequired, isDisabled, min, max, fullWidth, withTime, valueFormat }: FormDateFieldProps<T> & { withTime: boolean; valueFormat?: string }) {
  const { field, fieldState } = useController({ name, control });
  const texts = useFieldTexts(label, helperText, fieldState.error, labelValues);
  const Input = withTime ? DateTimeInput : DateInput;
  return (
    <Input
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={texts.label}
      helperText={texts.helper}
      error={texts.isInvalid}
      required={isRequired}
      disabled={isDisabled}
      min={min}
      max={max}
      fullWidth={fullWidth}
      valueFormat={valueFormat}
    />
  );
}
