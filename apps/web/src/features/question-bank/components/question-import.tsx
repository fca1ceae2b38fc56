import { ImportResultSchema, QUESTION_IMPORT_FORMATS, type ImportPreview, type QuestionImportFormat } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/layout/page-card';
import { useNotify } from '../../../hooks/use-notify';
import { downloadTemplate } from '../api/export-questions';
import { useImportJob, usePreviewImport, useStartImport } from '../api/import-questions';
import { ImportPreviewTable } from './import-preview-table';
import { PendingButton } from '../../../components/pending-button';

export interface QuestionImportProps {
  onBack: () => void;
  /** A link to an imported question. */
  questionHref: (questionId: number) => string;
  onOpen: (questionId: number) => void;
}

function JobStatus({ jobId, questionHref, onOpen }: { jobId: string } & Pick<QuestionImportProps, 'questionHref' | 'onOpen'>) {
  const { t } = useTranslation('questionBank');
  const job = useImportJob(jobId);
  if (!job.data) return <LinearProgress aria-label={t('importer.queued')} />;
  const { state, progress, failure } = job.data;
  if (state === 'queued' || state === 'running') {
    const total = progress.total ?? 0;
    return (
      <Box role="status">
        <Typography>{state === 'queued' ? t('importer.queued') : t('importer.running', { done: progress.done, total })}</Typography>
        <LinearProgress variant={total ? 'determinate' : 'indeterminate'} value={total ? (progress.done / total) * 100 : undefined} aria-label={t('importer.running', { done: progress.done, total })} />
      </Box>
    );
  }
  if (state === 'failed')
    return (
      <Alert severity="error" role="alert">
        {t('importer.failed', { reason: failure ?? job.data.errors.map((e) => `${e.item}: ${e.message}`).join('; ') })}
      </Alert>
    );
  if (state === 'cancelled') return <Alert severity="warning">{t('importer.cancelled')}</Alert>;
  const result = ImportResultSchema.safeParse(job.data.result);
  const ids = result.success ? result.data.questionIds : [];
  return (
    <Stack spacing={1} role="status">
      <Alert severity="success">{t('importer.succeeded', { count: result.success ? result.data.imported : 0 })}</Alert>
      {ids.length > 0 && (
        <nav aria-label={t('importer.importedLinks')}>
          <Typography variant="subtitle2" component="h2">
            {t('importer.importedLinks')}
          </Typography>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
            {ids.map((id) => (
              <li key={id}>
                <Link
                  href={questionHref(id)}
                  onClick={(event) => {
                    event.preventDefault();
                    onOpen(id);
                  }}
                >
                  #{id}
                </Link>
              </li>
            ))}
          </Box>
        </nav>
      )}
    </Stack>
  );
}

/** Upload a file, see every question's errors and warnings, then import it all (or nothing) as a job. */
export function QuestionImport({ onBack, questionHref, onOpen }: QuestionImportProps) {
  const { t } = useTranslation('questionBank');
  const notify = useNotify();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<QuestionImportFormat | ''>('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const previewer = usePreviewImport();
  const starter = useStartImport();
  const input = file ? { file, format: format || undefined } : null;

  const reset = () => {
    setPreview(null);
    setJobId(null);
  };
  const handleTemplate = (kind: 'csv' | 'xlsx') => downloadTemplate(kind).catch((error: unknown) => notify.apiError(error));

  return (
    <PageCard
      title={t('importer.title')}
      toolbar={
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {t('back')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Typography>{t('importer.intro')}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="text" onClick={() => void handleTemplate('csv')}>
            {t('importer.templateCsv')}
          </Button>
          <Button variant="text" onClick={() => void handleTemplate('xlsx')}>
            {t('importer.templateXlsx')}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />} disabled={previewer.isPending || starter.isPending}>
            {t('importer.chooseFile')}
            <input
              id={inputId}
              type="file"
              hidden
              accept=".xml,.txt,.gift,.csv,.xlsx,text/xml,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={t('importer.file')}
              data-testid="import-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                reset();
                event.target.value = '';
              }}
            />
          </Button>
          <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
            {file?.name ?? t('importer.noFile')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('importer.format')}
            value={format}
            onChange={(event) => {
              setFormat(event.target.value as QuestionImportFormat | '');
              reset();
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t('importer.autoFormat')}</MenuItem>
            {QUESTION_IMPORT_FORMATS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`importer.formats.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <PendingButton variant="contained" disabled={!input} isPending={previewer.isPending} onClick={() => input && previewer.mutate(input, { onSuccess: setPreview })}>
            {previewer.isPending ? t('importer.checking') : t('importer.preview')}
          </PendingButton>
        </Box>
        {previewer.isPending && <LinearProgress aria-label={t('importer.checking')} />}
        {preview && !jobId && <ImportPreviewTable preview={preview} />}
        {preview && preview.invalid === 0 && !jobId && input && (
          <Box>
            <PendingButton variant="contained" color="success" isPending={starter.isPending} onClick={() => starter.mutate(input, { onSuccess: (started) => setJobId(started.jobId) })}>
              {t('importer.start', { count: preview.total })}
            </PendingButton>
          </Box>
        )}
        {jobId && <JobStatus jobId={jobId} questionHref={questionHref} onOpen={onOpen} />}
        {jobId && (
          <Box>
            <Button
              variant="text"
              onClick={() => {
                setFile(null);
                reset();
              }}
            >
              {t('importer.again')}
            </Button>
          </Box>
        )}
      </Stack>
    </PageCard>
  );
}
