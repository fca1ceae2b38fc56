import { PROGRAMMING_LANGUAGES } from '@app/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from '../../lib/translation';
import type { QuestionFormValues } from '../shared/form-values';
import { CaseList } from './case-list';
import { ReferenceRun } from './reference-run';

const LANGUAGE_CHOICES = ['*', ...PROGRAMMING_LANGUAGES];

/** Statement parts, limits, languages, starting code and cases of a programming question. */
export function ProgrammingFields({ control, isDisabled }: { control: Control<QuestionFormValues>; isDisabled: boolean }) {
  const { t } = useTranslation('questionBank');
  const allowed = useWatch({ control, name: 'programming.allowedLanguages' });
  const stubLanguages = allowed.includes('*') ? PROGRAMMING_LANGUAGES : PROGRAMMING_LANGUAGES.filter((language) => allowed.includes(language));
  const text = (name: 'inputFormat' | 'outputFormat' | 'constraints', label: string) => (
    <Controller control={control} name={`programming.${name}`} render={({ field }) => <TextField {...field} label={label} multiline minRows={2} disabled={isDisabled} fullWidth />} />
  );
  return (
    <Stack spacing={2} component="section" aria-labelledby="question-programming-heading">
      <Typography id="question-programming-heading" variant="subtitle1" component="h2">
        {t('editor.programming')}
      </Typography>
      {text('inputFormat', t('editor.inputFormat'))}
      {text('outputFormat', t('editor.outputFormat'))}
      {text('constraints', t('editor.constraints'))}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <Controller
          control={control}
          name="programming.timeLimitMs"
          render={({ field }) => (
            <TextField {...field} type="number" label={t('editor.timeLimit')} onChange={(event) => field.onChange(Number(event.target.value))} disabled={isDisabled} slotProps={{ htmlInput: { min: 100, max: 20000, step: 100 } }} />
          )}
        />
        <Controller
          control={control}
          name="programming.memoryLimitMb"
          render={({ field }) => (
            <TextField {...field} type="number" label={t('editor.memoryLimit')} onChange={(event) => field.onChange(Number(event.target.value))} disabled={isDisabled} slotProps={{ htmlInput: { min: 16, max: 1024 } }} />
          )}
        />
      </Box>
      <Controller
        control={control}
        name="programming.allowedLanguages"
        render={({ field }) => (
          <Autocomplete
            multiple
            options={LANGUAGE_CHOICES}
            value={field.value}
            onChange={(_event, next) => field.onChange(next.includes('*') && !field.value.includes('*') ? ['*'] : next.filter((value) => value !== '*' || next.length === 1))}
            getOptionLabel={(value) => (value === '*' ? t('editor.anyLanguage') : value)}
            disabled={isDisabled}
            renderInput={(params) => <TextField {...params} label={t('editor.allowedLanguages')} />}
          />
        )}
      />
      <Controller
        control={control}
        name="programming.hiddenCaseResults"
        render={({ field }) => (
          <TextField select {...field} label={t('editor.hiddenCaseResults')} disabled={isDisabled}>
            <MenuItem value="total">{t('editor.hiddenTotal')}</MenuItem>
            <MenuItem value="perCase">{t('editor.hiddenPerCase')}</MenuItem>
          </TextField>
        )}
      />
      {stubLanguages.map((language) => (
        <Controller
          key={language}
          control={control}
          name="programming.codeStubs"
          render={({ field }) => (
            <TextField
              label={t('editor.codeStub', { language })}
              value={field.value[language] ?? ''}
              onChange={(event) => field.onChange({ ...field.value, [language]: event.target.value })}
              multiline
              minRows={3}
              disabled={isDisabled}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          )}
        />
      ))}
      <CaseList control={control} name="sampleCases" title={t('editor.sampleCases')} isDisabled={isDisabled} />
      <CaseList control={control} name="hiddenCases" title={t('editor.hiddenCases')} isDisabled={isDisabled} />
      <Controller
        control={control}
        name="solution"
        render={({ field }) => (
          <TextField {...field} label={t('editor.referenceSolution')} multiline minRows={4} disabled={isDisabled} slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }} />
        )}
      />
      <ReferenceRun control={control} />
    </Stack>
  );
}
