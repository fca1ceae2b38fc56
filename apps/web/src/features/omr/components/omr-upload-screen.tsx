import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PageCard } from '../../../components/layout/page-card';
import { omrKeys, useDownloadSheets, useOmrOptions, useRecognitionJob, useUploadScans } from '../api/omr-api';
import { OmrReview } from './omr-review';
import { PendingButton } from '../../../components/pending-button';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/tiff,image/webp';

/** Staff at /omrPdfUpload: print sheets for a test and class, upload the scanned batch, review what was read. */
export function OmrUploadScreen() {
  const { t } = useTranslation('omr');
  const fileInputId = useId();
  const options = useOmrOptions();
  const download = useDownloadSheets();
  const upload = useUploadScans();
  const [taskId, setTaskId] = useState<number | ''>('');
  const [classId, setClassId] = useState<number | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useRecognitionJob(jobId);

  const tests = useMemo(() => (options.data?.courses ?? []).flatMap((c) => c.tests.map((test) => ({ id: test.id, label: `${c.name} — ${test.name}` }))), [options.data]);
  const classes = useMemo(
    () => (options.data?.institutes ?? []).flatMap((i) => i.classes.map((c) => ({ id: c.id, label: options.data!.institutes.length > 1 ? `${i.name} — ${c.name}` : c.name }))),
    [options.data],
  );
  const progress = job.data?.progress;
  const queryClient = useQueryClient();
  const jobState = job.data?.state;
  // A finished read adds its sheets to the test's review list.
  useEffect(() => {
    if (jobState === 'succeeded' && taskId !== '') void queryClient.invalidateQueries({ queryKey: omrKeys.review(taskId) });
  }, [jobState, taskId, queryClient]);

  const handleUpload = () => {
    if (taskId === '' || !file) return;
    upload.mutate({ taskId, file }, { onSuccess: (started) => setJobId(started.jobId) });
  };

  return (
    <PageCard title={t('title')}>
      <Stack spacing={3} sx={{ maxWidth: 960 }}>
        {options.isError && <Alert severity="error">{options.error.message}</Alert>}
        <Box component="section" aria-labelledby="omr-print-title">
          <Typography id="omr-print-title" variant="h6" component="h2" gutterBottom>
            {t('printTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('printHelp')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
            <TextField select label={t('test')} value={taskId} onChange={(e) => setTaskId(Number(e.target.value))} sx={{ minWidth: 240, maxWidth: '100%', '& .MuiSelect-select.MuiInputBase-input': { whiteSpace: 'normal' } }} required>
              {tests.length === 0 && (
                <MenuItem value="" disabled>
                  {t('noTests')}
                </MenuItem>
              )}
              {tests.map((test) => (
                <MenuItem key={test.id} value={test.id}>
                  {test.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={t('class')} value={classId} onChange={(e) => setClassId(e.target.value === '' ? '' : Number(e.target.value))} sx={{ minWidth: 200 }}>
              <MenuItem value="">{t('blankSheet')}</MenuItem>
              {classes.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <PendingButton
              isPending={download.isPending}
              variant="contained"
              disabled={taskId === '' || download.isPending}
              onClick={() => taskId !== '' && download.mutate({ taskId, ...(classId !== '' ? { classId } : {}) })}
            >
              {download.isPending ? t('printing') : t('print')}
            </PendingButton>
          </Stack>
          {download.isError && <Alert severity="error" sx={{ mt: 2 }}>{download.error.message}</Alert>}
        </Box>

        <Box component="section" aria-labelledby="omr-upload-title">
          <Typography id="omr-upload-title" variant="h6" component="h2" gutterBottom>
            {t('uploadTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('uploadHelp')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }} alignItems={{ sm: 'center' }}>
            <Box>
              <Typography component="label" htmlFor={fileInputId} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
                {t('file')}
              </Typography>
              <input id={fileInputId} type="file" accept={ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </Box>
            <PendingButton isPending={upload.isPending} variant="contained" disabled={taskId === '' || !file || upload.isPending} onClick={handleUpload}>
              {upload.isPending ? t('uploading') : t('upload')}
            </PendingButton>
          </Stack>
          {taskId === '' && file && <Typography variant="body2" color="text.secondary">{t('selectTest')}</Typography>}
          {upload.isError && <Alert severity="error" sx={{ mt: 2 }}>{upload.error.message}</Alert>}
          {job.data && (job.data.state === 'queued' || job.data.state === 'running') && (
            <Box sx={{ mt: 2 }} role="status" aria-live="polite">
              <Typography variant="body2">
                {progress?.total ? t('progress', { done: progress.done, total: progress.total }) : t('queued')}
              </Typography>
              <LinearProgress
                variant={progress?.total ? 'determinate' : 'indeterminate'}
                value={progress?.total ? (100 * progress.done) / progress.total : 0}
                aria-label={t('uploadTitle')}
              />
            </Box>
          )}
          {job.data?.state === 'failed' && <Alert severity="error" sx={{ mt: 2 }}>{t('failed', { reason: job.data.failure ?? '' })}</Alert>}
        </Box>

        {job.data && job.data.errors.length > 0 && (
          <Alert severity="warning">
            <Typography variant="subtitle2">{t('pageErrors')}</Typography>
            <ul>
              {job.data.errors.map((e) => (
                <li key={`${e.item}-${e.message}`}>
                  {t('page')} {e.item}: {e.message}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {taskId !== '' && <OmrReview taskId={taskId} />}
      </Stack>
    </PageCard>
  );
}
