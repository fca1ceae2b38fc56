import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from '../../lib/translation';
import type { QuestionFormValues } from '../shared/form-values';

/** Sample or hidden test cases of a programming question: input and expected output. */
export function CaseList({ control, name, title, isDisabled }: { control: Control<QuestionFormValues>; name: 'sampleCases' | 'hiddenCases'; title: string; isDisabled: boolean }) {
  const { t } = useTranslation('questionBank');
  const cases = useFieldArray({ control, name, keyName: 'key' });
  const headingId = `question-${name}-heading`;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {title}
      </Typography>
      {cases.fields.map((item, index) => (
        <Box key={item.key} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', md: '1fr 1fr auto' }, gap: 1, alignItems: 'start' }}>
          <Controller
            control={control}
            name={`${name}.${index}.input`}
            render={({ field }) => <TextField {...field} label={t('editor.caseInput', { number: index + 1 })} multiline minRows={2} disabled={isDisabled} slotProps={{ htmlInput: { spellCheck: false } }} />}
          />
          <Controller
            control={control}
            name={`${name}.${index}.output`}
            render={({ field }) => <TextField {...field} label={t('editor.caseOutput', { number: index + 1 })} multiline minRows={2} disabled={isDisabled} slotProps={{ htmlInput: { spellCheck: false } }} />}
          />
          <IconButton aria-label={t('editor.removeCase', { number: index + 1 })} onClick={() => cases.remove(index)} disabled={isDisabled}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button variant="outlined" size="small" onClick={() => cases.append({ input: '', output: '' })} disabled={isDisabled}>
          {t('editor.addCase')}
        </Button>
      </Box>
    </Stack>
  );
}
