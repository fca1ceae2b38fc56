import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { DateTimeValidationError } from '@mui/x-date-pickers/models';
import { format as formatDate, isValid, parse } from 'date-fns';
import { enIN } from 'date-fns/locale/en-IN';
import { ta } from 'date-fns/locale/ta';
import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../lib/translation';
import { pickerErrorText, pickerTexts } from './date-time-field-locale';

/** How the pickers show a value, in both languages: day first, 24-hour clock. */
export const DATE_DISPLAY = 'dd/MM/yyyy';
export const DATE_TIME_DISPLAY = 'dd/MM/yyyy HH:mm';

/** The string formats the forms and the API already speak. */
export const DATE_VALUE = 'yyyy-MM-dd';
export const DMY_VALUE = 'dd-MM-yyyy';
export const DATE_TIME_VALUE = "yyyy-MM-dd'T'HH:mm";

const toDate = (value: string | null | undefined, valueFormat: string): Date | null => {
  if (!value) return null;
  const date = parse(value, valueFormat, new Date());
  return isValid(date) ? date : null;
};

const toValue = (date: Date | null, valueFormat: string): string => (date && isValid(date) ? formatDate(date, valueFormat) : '');

export interface DateTimeInputProps {
  /** The value in `valueFormat`, or '' while empty. */
  value: string;
  /** Called with the value in `valueFormat`; '' while the field is empty or not yet a whole date. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Earliest and latest values, in `valueFormat`. */
  min?: string;
  max?: string;
  /** Defaults to YYYY-MM-DD for a date and YYYY-MM-DDTHH:mm for a date and time. */
  valueFormat?: string;
}

/**
 * A date (or date and time) field in the interface language: one Tab stop for the field, whose
 * day, month, year, hour and minute sections are moved between with the arrow keys and filled by
 * typing digits (the year takes four), and a second one for the calendar button. Shown as
 * DD/MM/YYYY (HH:mm) in English and Tamil, with the calendar's month and day names in the
 * interface language; the value stays in the string format the form already uses.
 */
function PickerField({ withTime, ...props }: DateTimeInputProps & { withTime: boolean }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const valueFormat = props.valueFormat ?? (withTime ? DATE_TIME_VALUE : DATE_VALUE);
  // The picker's own value: it may be a half-typed (invalid) date while the form holds ''. It is
  // replaced only when the form's value changes to something this field did not hand it.
  const [local, setLocal] = useState(() => ({ date: toDate(props.value, valueFormat), seen: props.value, handed: props.value }));
  const [reason, setReason] = useState<DateTimeValidationError>(null);
  let shown = local.date;
  if (props.value !== local.seen) {
    if (props.value !== local.handed) shown = toDate(props.value, valueFormat);
    setLocal({ date: shown, seen: props.value, handed: local.handed });
  }
  // A half-typed date reaches the form as '' when the field is left, not while the user types.
  const onChange = (date: Date | null) => {
    const next = toValue(date, valueFormat);
    setLocal((state) => ({ ...state, date, handed: next }));
    if (next !== props.value && (next !== '' || date === null)) props.onChange(next);
  };
  const onBlur = () => {
    if (local.date !== null && local.handed === '' && props.value !== '') props.onChange('');
    props.onBlur?.();
  };
  const common = {
    value: shown,
    onChange,
    onError: (error: DateTimeValidationError) => setReason(error),
    label: props.label,
    disabled: props.disabled,
    name: props.name,
    inputRef: props.inputRef,
    minDate: toDate(props.min, valueFormat) ?? undefined,
    maxDate: toDate(props.max, valueFormat) ?? undefined,
    slotProps: {
      textField: {
        required: props.required,
        fullWidth: props.fullWidth,
        size: props.size,
        onBlur,
        error: Boolean(props.error) || reason !== null,
        helperText: reason !== null ? pickerErrorText(reason, language) : props.helperText,
      },
    },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={language === 'tn' ? ta : enIN} localeText={pickerTexts(language)}>
      {withTime ? <DateTimePicker {...common} format={DATE_TIME_DISPLAY} ampm={false} /> : <DatePicker {...common} format={DATE_DISPLAY} />}
    </LocalizationProvider>
  );
}

/** A date field; the value is YYYY-MM-DD unless `valueFormat` says otherwise. */
export function DateInput(props: DateTimeInputProps) {
  return <PickerField {...props} withTime={false} />;
}

/** A date-and-time field (local time); the value is YYYY-MM-DDTHH:mm, as a datetime-local input gave it. */
export function DateTimeInput(props: DateTimeInputProps) {
  return <PickerField {...props} withTime />;
}

