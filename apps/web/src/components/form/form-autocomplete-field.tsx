import Autocomplete from '@mui/material/Autocomplete';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../lib/translation';
import type { FieldOption } from './form-select-field';
import { chipsInput } from './chips-input';
import { useFieldTexts, type FieldTextProps } from './use-field-texts';

export type FormAutocompleteFieldProps<T extends FieldValues> = FieldTextProps & {
  name: FieldPath<T>;
  control: Control<T>;
  options: readonly FieldOption[];
  isLoading?: boolean;
  fullWidth?: boolean;
};

/**
 * Several choices from a long list, typed to filter (MUI Autocomplete: a combobox with chips).
 * The form value is the list of chosen option values.
 */
export function FormAutocompleteField<T extends FieldValues>({
  name,
  control,
  options,
  label,
  labelValues,
  helperText,
  isRequired,
  isDisabled,
  isLoading = false,
  fullWidth,
}: FormAutocompleteFieldProps<T>) {
  const { t } = useTranslation('form');
  const { field, fieldState } = useController({ name, control });
  const texts = useFieldTexts(label, helperText, fieldState.error, labelValues);
  const values = (field.value ?? []) as Array<FieldOption['value']>;
  const chosen = options.filter((option) => values.includes(option.value));
  return (
    <Autocomplete
      multiple
      options={options as FieldOption[]}
      value={chosen}
      onChange={(_event, next) => field.onChange(next.map((option) => option.value))}
      onBlur={field.onBlur}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      getOptionLabel={(option) => option.label}
      loading={isLoading}
      disabled={isDisabled}
      fullWidth={fullWidth}
      noOptionsText={t('noOptions')}
      loadingText={t('loading')}
      clearText={t('clear')}
      openText={t('open')}
      closeText={t('close')}
      renderInput={chipsInput(field, texts, isRequired, chosen.length === 0)}
    />
  );
}
