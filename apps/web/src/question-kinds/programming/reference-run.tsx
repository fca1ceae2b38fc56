import { PROGRAMMING_LANGUAGES, type ProgrammingLanguage } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from '../../lib/translation';
import { useRunReference } from './run-reference';
import type { QuestionFormValues } from '../shared/form-values';

/** Runs the reference solution on the sample and hidden cases being edited, and shows each case's verdict. */
export function ReferenceRun({ control }: { control: Control<QuestionFormValues> }) {
  const { t } = useTranslation('questionBank');
  const [solution, allowed, sampleCases, hiddenCases, timeLimitMs, memoryLimitMb] = useWatch({
    control,
    name: ['solution', 'programming.allowedLanguages', 'sampleCases', 'hiddenCases', 'programming.timeLimitMs', 'programming.memoryLimitMb'],
  });
  const languages = allowed.includes('*') ? PROGRAMMING_LANGUAGES : PROGRAMMING_LANGUAGES.filter((language) => allowed.includes(language));
  const [language, setLanguage] = useState<ProgrammingLanguage>(languages[0] ?? 'Python');
  const chosen = languages.includes(language) ? language : (languages[0] ?? 'Python');
  const run = useRunReference();
  const cases = [...sampleCases, ...hiddenCases];
  const canRun = solution.trim() !== '' && cases.length > 0 && !run.isPending;
  const result = run.data;

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="question-reference-heading">
      <Box id="question-reference-heading" component="h3" sx={{ typography: 'subtitle2', m: 0 }}>
        {t('editor.referenceRun')}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField select size="small" label={t('editor.referenceLanguage')} value={chosen} onChange={(event) => setLanguage(event.target.value as ProgrammingLanguage)} sx={{ minWidth: 160 }}>
          {languages.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={!canRun}
          onClick={() => run.mutate({ language: chosen, sourceCode: solution, cases, timeLimitMs, memoryLimitMb })}
        >
          {run.isPending ? t('editor.referenceRunning') : t('editor.referenceRunButton')}
        </Button>
      </Box>
      {result && (
        <Box role="status">
          <Alert severity={result.verdict === 'AC' ? 'success' : 'error'}>
            {t('editor.referenceSummary', { verdict: result.verdict, passed: result.passed, total: result.total })}
            {result.message ? ` ${result.message}` : ''}
          </Alert>
          {result.compileOutput && (
            <Box component="pre" sx={{ p: 1, bgcolor: 'grey.100', overflowX: 'auto', fontSize: '0.8rem' }}>
              {result.compileOutput}
            </Box>
          )}
          <TableContainer>
            <Table size="small" aria-label={t('editor.referenceRun')}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t('editor.referenceCase')}</TableCell>
                  <TableCell scope="col">{t('editor.referenceVerdict')}</TableCell>
                  <TableCell scope="col">{t('editor.referenceTime')}</TableCell>
                  <TableCell scope="col">{t('editor.referenceOutput')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.cases.map((item) => (
                  <TableRow key={item.index}>
                    <TableCell>{item.index < sampleCases.length ? t('editor.sampleCase', { number: item.index + 1 }) : t('editor.hiddenCase', { number: item.index - sampleCases.length + 1 })}</TableCell>
                    <TableCell>{item.verdict}</TableCell>
                    <TableCell>{Math.round(item.timeMs)}</TableCell>
                    <TableCell>
                      <Box component="pre" sx={{ m: 0, fontSize: '0.75rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {item.stdout || item.stderr}
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Stack>
  );
}
