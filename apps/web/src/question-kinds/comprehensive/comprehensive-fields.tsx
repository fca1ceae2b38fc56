import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../lib/translation';
import type { KindFieldsProps } from '../kind';

/** A written answer's line limit, model answer and marking rubric. */
export function ComprehensiveFields({ control, isDisabled }: KindFieldsProps) {
  const { t } = useTranslation('questionBank');
  const { t: tm } = useTranslation('messages');
  const { t: tk } = useTranslation('questionKinds');
  return (
    <Stack spacing={2} component="section" aria-labelledby="question-written-heading">
      <Typography id="question-written-heading" variant="subtitle1" component="h2">
        {tk('comprehensive.name')}
      </Typography>
      <Controller
        control={control}
        name="lineNumber"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="question-line-limit"
            type="number"
            label={t('editor.lineLimit')}
            required
            disabled={isDisabled}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ? tm(asMessageKey(fieldState.error.message)) : undefined}
            slotProps={{ htmlInput: { min: 1, max: 500 } }}
            sx={{ maxWidth: 240 }}
          />
        )}
      />
      <Controller control={control} name="modelAnswer" render={({ field }) => <TextField {...field} id="question-model-answer" label={t('editor.modelAnswer')} multiline minRows={3} disabled={isDisabled} />} />
      <Controller control={control} name="rubric" render={({ field }) => <TextField {...field} id="question-rubric" label={t('editor.rubric')} multiline minRows={3} disabled={isDisabled} />} />
    </Stack>
  );
}
