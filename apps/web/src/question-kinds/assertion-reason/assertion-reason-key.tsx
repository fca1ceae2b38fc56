import { ASSERTION_REASON_OPTIONS } from '@app/contracts';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../lib/translation';
import type { KindFieldsProps } from '../kind';

/** The correct one of the four generated options (shown in both languages); nothing to type. */
export function AssertionReasonKey({ control, errors, isDisabled }: KindFieldsProps) {
  const { t } = useTranslation('questionKinds');
  const { t: tm } = useTranslation('messages');
  const error = errors.correct?.message;
  return (
    <Controller
      control={control}
      name="correct"
      render={({ field }) => (
        <FormControl component="fieldset" error={Boolean(error)} disabled={isDisabled}>
          <FormLabel component="legend" id="assertion-reason-key">
            {t('assertionReason.key')}
          </FormLabel>
          <RadioGroup aria-labelledby="assertion-reason-key" value={field.value[0] ?? ''} onChange={(event) => field.onChange([Number(event.target.value)])}>
            {ASSERTION_REASON_OPTIONS.en.map((english, i) => (
              <FormControlLabel
                key={english}
                value={i + 1}
                control={<Radio />}
                label={
                  <span>
                    {`${i + 1}. ${english}`}
                    <Typography component="span" display="block" variant="body2" color="text.secondary" lang="ta">
                      {ASSERTION_REASON_OPTIONS.tn[i]}
                    </Typography>
                  </span>
                }
              />
            ))}
          </RadioGroup>
          <FormHelperText>{error ? tm(asMessageKey(error)) : t('assertionReason.keyHelp')}</FormHelperText>
        </FormControl>
      )}
    />
  );
}
