import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useWatch } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../lib/translation';
import type { KindFieldsProps } from '../kind';
import type { NumericalText } from './locales';
import { useNumericalTexts } from './use-numerical-texts';

type NumberField = 'value' | 'tolerance' | 'min' | 'max';

/** The key of a numerical value: a value with a tolerance, or a range; and an optional unit. */
export function NumericalFields({ control, isDisabled }: Pick<KindFieldsProps, 'control' | 'isDisabled'>) {
  const text = useNumericalTexts();
  const { t: tm } = useTranslation('messages');
  const mode = useWatch({ control, name: 'numerical.mode' });
  const fields: NumberField[] = mode === 'range' ? ['min', 'max'] : ['value', 'tolerance'];

  const numberField = (name: NumberField | 'unit', label: NumericalText) => (
    <Controller
      key={name}
      control={control}
      name={`numerical.${name}`}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={text(label)}
          disabled={isDisabled}
          required={name !== 'unit' && name !== 'tolerance'}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? tm(asMessageKey(fieldState.error.message)) : undefined}
          slotProps={{ htmlInput: name === 'unit' ? { maxLength: 30 } : { inputMode: 'decimal' } }}
        />
      )}
    />
  );

  return (
    <Stack spacing={2} component="section" aria-labelledby="question-numerical-heading">
      <Typography id="question-numerical-heading" variant="subtitle1" component="h2">
        {text('key')}
      </Typography>
      <Typography color="text.secondary">{text('help')}</Typography>
      <Controller
        control={control}
        name="numerical.mode"
        render={({ field }) => (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{text('mode')}</FormLabel>
            <RadioGroup row value={field.value} onChange={(event) => field.onChange(event.target.value)}>
              <FormControlLabel value="tolerance" control={<Radio />} label={text('modeTolerance')} disabled={isDisabled} />
              <FormControlLabel value="range" control={<Radio />} label={text('modeRange')} disabled={isDisabled} />
            </RadioGroup>
          </Box>
        )}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, gap: 1 }}>
        {fields.map((name) => numberField(name, name))}
        {numberField('unit', 'unit')}
      </Box>
    </Stack>
  );
}
