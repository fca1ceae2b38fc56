import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KindFieldsProps } from '../kind';

/** Whether a multiple-choice answer earns part of the marks for part of the key. */
export function PartialCreditField({ control, isDisabled }: KindFieldsProps) {
  const { t } = useTranslation('questionBank');
  return (
    <Controller
      control={control}
      name="allowsPartialCredit"
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={isDisabled} />}
          label={t('editor.partialCredit')}
          sx={{ gridColumn: { sm: 'span 2', md: 'span 4' } }}
        />
      )}
    />
  );
}
