import { ImportResultSchema, QUESTION_IMPORT_FORMATS, type ImportPreview, type QuestionImportFormat, type QuestionImportMode } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PageCard } from '../../../components/layout/page-card';
import { useNotify } from '../../../hooks/use-notify';
import { downloadTemplate, useImportJob, useManagedCourses, usePreviewImport, useStartImport } from '../api/question-bank-api';
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
  const skipped = result.success ? result.data.skipped : [];
  const topicsCreated = result.success ? result.data.topicsCreated : [];
  return (
    <Stack spacing={1} role="status">
      <Alert severity="success">{t('importer.succeeded', { count: result.success ? result.data.imported : 0 })}</Alert>
      {topicsCreated.length > 0 && <Alert severity="info">{t('importer.topicsCreated', { topics: topicsCreated.join(', ') })}</Alert>}
      {skipped.length > 0 && (
        <Alert severity="warning">
          {t('importer.skipped', { count: skipped.length })}
          <ul data-testid="import-skipped">
            {skipped.map((item) => (
              <li key={item.index}>
                {t('importer.skippedItem', {
                  index: item.index,
                  line: item.line ? t('importer.skippedLine', { line: item.line }) : '',
                  title: item.title,
                  reasons: item.errors.map((e) => e.message).join('; '),
                })}
              </li>
            ))}
          </ul>
        </Alert>
      )}
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

/**
 * Upload a file, see every question's errors and warnings, then import it as a job: all or
 * nothing (the default), or only its valid questions; optionally with the file's categories
 * created as topics in a course the teacher manages.
 */
export function QuestionImport({ onBack, questionHref, onOpen }: QuestionImportProps) {
  const { t } = useTranslation('questionBank');
  const notify = useNotify();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<QuestionImportFormat | ''>('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [mode, setMode] = useState<QuestionImportMode>('allOrNothing');
  const [createTopics, setCreateTopics] = useState(false);
  const [courseId, setCourseId] = useState<number | ''>('');
  const courses = useManagedCourses(createTopics);
  const previewer = usePreviewImport();
  const starter = useStartImport();
  const topicsCourseId = createTopics && courseId !== '' ? courseId : undefined;
  const input = file && (!createTopics || topicsCourseId) ? { file, format: format || undefined, topicsCourseId } : null;

  const reset = () => {
    setPreview(null);
    setJobId(null);
    setMode('allOrNothing');
  };
  const canStart = preview !== null && (preview.invalid === 0 || (mode === 'validOnly' && preview.valid > 0));
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
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={createTopics}
                onChange={(event) => {
                  setCreateTopics(event.target.checked);
                  reset();
                }}
              />
            }
            label={t('importer.createTopics')}
          />
          {createTopics && (
            <TextField
              select
              size="small"
              label={t('importer.topicsCourse')}
              value={courseId}
              onChange={(event) => {
                setCourseId(event.target.value === '' ? '' : Number(event.target.value));
                reset();
              }}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value="">{t('importer.chooseCourse')}</MenuItem>
              {(courses.data ?? []).map((course) => (
                <MenuItem key={course.courseID} value={course.courseID}>
                  {course.courseName}
                </MenuItem>
              ))}
            </TextField>
          )}
          {createTopics && courses.data?.length === 0 && <Typography color="text.secondary">{t('importer.noCourses')}</Typography>}
        </Box>
        {previewer.isPending && <LinearProgress aria-label={t('importer.checking')} />}
        {preview && !jobId && <ImportPreviewTable preview={preview} />}
        {preview && !jobId && preview.invalid > 0 && preview.valid > 0 && (
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('importer.whatToImport')}</FormLabel>
            <RadioGroup name="import-mode" value={mode} onChange={(event) => setMode(event.target.value as QuestionImportMode)}>
              <FormControlLabel value="allOrNothing" control={<Radio />} label={t('importer.modeAllOrNothing')} />
              <FormControlLabel value="validOnly" control={<Radio />} label={t('importer.modeValidOnly', { valid: preview.valid, invalid: preview.invalid })} />
            </RadioGroup>
          </FormControl>
        )}
        {preview && canStart && !jobId && input && (
          <Box>
            <PendingButton
              variant="contained"
              color="success"
              isPending={starter.isPending}
              onClick={() => starter.mutate({ ...input, mode: preview.invalid === 0 ? 'allOrNothing' : mode }, { onSuccess: (started) => setJobId(started.jobId) })}
            >
              {preview.invalid === 0 ? t('importer.start', { count: preview.total }) : t('importer.startValid', { count: preview.valid })}
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
