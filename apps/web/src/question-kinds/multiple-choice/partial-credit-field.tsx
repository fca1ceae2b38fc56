import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { MULTIPLE_CHOICE_MARKINGS } from '@app/contracts';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from '../../lib/translation';
import type { KindFieldsProps } from '../kind';

/**
 * How a multiple-choice answer is marked: standard (part of the marks for part of the key when the
 * author allows it), or as in JEE Advanced (+1 per right option chosen when no wrong one is).
 */
export function PartialCreditField({ control, isDisabled }: KindFieldsProps) {
  const { t } = useTranslation('questionBank');
  const marking = useWatch({ control, name: 'marking' });
  const negativeMarks = useWatch({ control, name: 'negativeMarks' });
  return (
    <>
      <Controller
        control={control}
        name="marking"
        render={({ field }) => (
          <TextField
            select
            id="question-marking"
            label={t('editor.marking')}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={isDisabled}
            helperText={marking === 'jee-advanced' ? t('editor.markingJeeAdvancedHelp', { negative: negativeMarks }) : t('editor.markingStandardHelp')}
            sx={{ gridColumn: { sm: 'span 2', md: 'span 2' } }}
          >
            {MULTIPLE_CHOICE_MARKINGS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`editor.markings.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="allowsPartialCredit"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={isDisabled || marking === 'jee-advanced'} />}
            label={t('editor.partialCredit')}
            sx={{ gridColumn: { sm: 'span 2', md: 'span 2' } }}
          />
        )}
      />
    </>
  );
}
