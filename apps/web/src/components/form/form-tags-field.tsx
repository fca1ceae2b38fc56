import Autocomplete from '@mui/material/Autocomplete';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../lib/translation';
import { chipsInput } from './chips-input';
import { useFieldTexts, type FieldTextProps } from './use-field-texts';

export type FormTagsFieldProps<T extends FieldValues> = FieldTextProps & {
  name: FieldPath<T>;
  control: Control<T>;
  fullWidth?: boolean;
};

/**
 * Free words as chips (tags): typed and added with Enter, each trimmed, a word given twice kept
 * once. The form value is the list of words.
 */
export function FormTagsField<T extends FieldValues>({ name, control, label, labelValues, helperText, isRequired, isDisabled, fullWidth }: FormTagsFieldProps<T>) {
  const { t } = useTranslation('form');
  const { field, fieldState } = useController({ name, control });
  const texts = useFieldTexts(label, helperText, fieldState.error, labelValues);
  const words = (field.value ?? []) as string[];
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={words}
      onChange={(_event, next) => field.onChange([...new Set(next.map((word) => word.trim()).filter(Boolean))])}
      onBlur={field.onBlur}
      disabled={isDisabled}
      fullWidth={fullWidth}
      clearText={t('clear')}
      openText={t('open')}
      closeText={t('close')}
      renderInput={chipsInput(field, texts, isRequired, words.length === 0)}
    />
  );
}
