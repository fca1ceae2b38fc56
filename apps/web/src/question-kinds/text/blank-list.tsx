import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../lib/translation';
import type { QuestionFormValues } from '../shared/form-values';
import { blanksForStatement } from './blank-values';

/** One answer per {0} marker of the statement (default language), with alternatives and a tolerance. */
export function BlankList({
  control,
  errors,
  setValue,
  isDisabled,
}: {
  control: Control<QuestionFormValues>;
  errors: FieldErrors<QuestionFormValues>;
  setValue: UseFormSetValue<QuestionFormValues>;
  isDisabled: boolean;
}) {
  const { t } = useTranslation('questionBank');
  const { t: tm } = useTranslation('messages');
  const defaultLanguage = useWatch({ control, name: 'defaultLanguage' });
  const statement = useWatch({ control, name: `texts.${defaultLanguage}.data` });
  const blanks = useWatch({ control, name: 'blanks' });
  const resized = blanksForStatement(statement ?? '', blanks ?? []);
  const isResized = resized.length !== (blanks ?? []).length;
  useEffect(() => {
    if (isResized) setValue('blanks', resized);
  }, [isResized, resized, setValue]);
  const listError = errors.blanks?.message ?? errors.blanks?.root?.message;

  return (
    <Stack spacing={2} component="section" aria-labelledby="question-blanks-heading">
      <Typography id="question-blanks-heading" variant="subtitle1" component="h2">
        {t('editor.blanks')}
      </Typography>
      {resized.length === 0 && <Typography color="text.secondary">{t('editor.noBlanks')}</Typography>}
      {resized.map((_, index) => (
        <Box key={index} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 2fr 1fr' }, gap: 1 }}>
          <Controller
            control={control}
            name={`blanks.${index}.value`}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                label={t('editor.blankValue', { number: index + 1 })}
                disabled={isDisabled}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ? tm(asMessageKey(fieldState.error.message)) : undefined}
              />
            )}
          />
          <Controller
            control={control}
            name={`blanks.${index}.alternatives`}
            render={({ field }) => <TextField {...field} value={field.value ?? ''} label={t('editor.blankAlternatives')} disabled={isDisabled} />}
          />
          <Controller
            control={control}
            name={`blanks.${index}.tolerance`}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                type="number"
                label={t('editor.blankTolerance')}
                disabled={isDisabled}
                error={Boolean(fieldState.error)}
                slotProps={{ htmlInput: { min: 0, step: 'any' } }}
              />
            )}
          />
        </Box>
      ))}
      {listError && <FormHelperText error>{tm(asMessageKey(listError))}</FormHelperText>}
      <Controller
        control={control}
        name="numericTolerance"
        render={({ field }) => (
          <TextField {...field} type="number" label={t('editor.numericTolerance')} disabled={isDisabled} sx={{ maxWidth: 320 }} slotProps={{ htmlInput: { min: 0, step: 'any' } }} />
        )}
      />
    </Stack>
  );
}
