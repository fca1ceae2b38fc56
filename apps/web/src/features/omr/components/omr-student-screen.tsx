import type { OmrMySheet } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link as RouterLink } from 'react-router';
import { PageCard } from '../../../components/layout/page-card';
import { paths } from '../../../config/paths';
import { useDownloadPracticeSheet, useMySubmit, useMyTests, useMyUpload } from '../api/omr-api';
import { useAnswerLabel } from './omr-review';
import { PendingButton } from '../../../components/pending-button';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/tiff,image/webp';

/** What was read, one cell per question; a doubtful bubble is highlighted for the student to see. */
function ReadAnswers({ sheet }: { sheet: OmrMySheet }) {
  const { t } = useTranslation('omr');
  const label = useAnswerLabel();
  const flagged = new Set(sheet.flaggedQuestions);
  return (
    <Box component="section" aria-labelledby="omr-read-title">
      <Typography id="omr-read-title" variant="h6" component="h2" gutterBottom>
        {t('myReadTitle')}
      </Typography>
      {sheet.rollMismatch && <Alert severity="warning" sx={{ mb: 1 }}>{t('rollMismatch', { roll: sheet.rollNumber ?? '' })}</Alert>}
      {flagged.size > 0 && <Typography variant="body2" sx={{ mb: 1 }}>{t('myFlaggedHelp', { count: flagged.size })}</Typography>}
      <Box component="ol" aria-label={t('myAnswers')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 0.5, p: 0, m: 0, listStyle: 'none' }}>
        {sheet.answers.map((answer, q) => (
          <Box
            component="li"
            key={q}
            data-flagged={flagged.has(q) || undefined}
            sx={{ px: 1, py: 0.5, border: flagged.has(q) ? 2 : 1, borderRadius: 1, borderColor: flagged.has(q) ? 'warning.main' : 'divider', fontWeight: flagged.has(q) ? 700 : undefined }}
          >
            {t('answerCell', { n: q + 1, answer: label(answer) })}
            {flagged.has(q) && <Typography component="span" variant="caption" sx={{ display: 'block' }}>{t('unclear')}</Typography>}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** SchoolStudent at /omrPdfUpload ("OMR Upload"): upload a photo of their own sheet, check what was read, submit it. */
export function OmrStudentScreen() {
  const { t } = useTranslation('omr');
  const fileInputId = useId();
  const tests = useMyTests();
  const download = useDownloadPracticeSheet();
  const upload = useMyUpload();
  const submit = useMySubmit();
  const [taskId, setTaskId] = useState<number | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const test = tests.data?.find((x) => x.id === taskId);
  const sheet = submit.data ?? upload.data;

  const chooseTest = (id: number) => {
    setTaskId(id);
    upload.reset();
    submit.reset();
  };

  return (
    <PageCard title={t('studentTitle')}>
      <Stack spacing={3} sx={{ maxWidth: 960 }}>
        <Typography color="text.secondary">{t('studentHelp')}</Typography>
        {tests.isError && <Alert severity="error">{tests.error.message}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <TextField select label={t('test')} value={taskId} onChange={(e) => chooseTest(Number(e.target.value))} sx={{ minWidth: 260 }} required>
            {tests.data?.length === 0 && (
              <MenuItem value="" disabled>
                {t('noTests')}
              </MenuItem>
            )}
            {(tests.data ?? []).map((x) => (
              <MenuItem key={x.id} value={x.id}>
                {`${x.courseName} — ${x.name}${x.isPractice ? ` (${t('practice')})` : ''}`}
              </MenuItem>
            ))}
          </TextField>
          {test?.isPractice && (
            <PendingButton isPending={download.isPending} variant="outlined" disabled={download.isPending} onClick={() => download.mutate(test.id)}>
              {download.isPending ? t('printing') : t('printMine')}
            </PendingButton>
          )}
        </Stack>
        {test && <Typography variant="body2">{test.isPractice ? t('practiceHelp') : t('paperHelp')}</Typography>}
        {download.isError && <Alert severity="error">{download.error.message}</Alert>}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <Box>
            <Typography component="label" htmlFor={fileInputId} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
              {t('myFile')}
            </Typography>
            <input id={fileInputId} type="file" accept={ACCEPT} capture="environment" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Box>
          <PendingButton
            isPending={upload.isPending}
            variant="contained"
            disabled={taskId === '' || !file || upload.isPending}
            onClick={() => {
              if (taskId === '' || !file) return;
              submit.reset();
              upload.mutate({ taskId, file });
            }}
          >
            {upload.isPending ? t('reading') : t('readMine')}
          </PendingButton>
        </Stack>
        {upload.isError && <Alert severity="error">{upload.error.message}</Alert>}

        {sheet && sheet.taskId === taskId && (
          <>
            <ReadAnswers sheet={sheet} />
            {!sheet.submitted && (
              <Box>
                <PendingButton isPending={submit.isPending} variant="contained" color="success" disabled={submit.isPending} onClick={() => submit.mutate(sheet.id)}>
                  {submit.isPending ? t('submitting') : t('submitMine')}
                </PendingButton>
              </Box>
            )}
            {submit.isError && <Alert severity="error">{submit.error.message}</Alert>}
            {sheet.submitted && !sheet.result && (
              <Alert severity="success" role="status">
                {t('sentToTeacher')}
              </Alert>
            )}
            {sheet.result && (
              <Alert severity="success" role="status">
                <Typography>{t('practiceResult', { scored: sheet.result.scored ?? 0, total: sheet.result.total })}</Typography>
                <Link component={RouterLink} to={paths.reports.report.getHref({ courseId: sheet.result.courseId, taskId: sheet.taskId, attemptId: sheet.result.attemptId })}>
                  {t('openFeedback')}
                </Link>
              </Alert>
            )}
          </>
        )}
      </Stack>
    </PageCard>
  );
}
