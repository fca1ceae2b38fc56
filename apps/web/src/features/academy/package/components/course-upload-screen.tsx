import { COURSE_PACKAGE_EXAMPLE_NAME, type CoursePackagePreview } from '@app/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink } from 'react-router';
import { PageCard } from '../../../../components/layout/page-card';
import { useCourseUploadJob, usePreviewCoursePackage, useUploadCoursePackage } from '../api/package-api';
import { examplePackageZip, saveFile } from '../model/example-package';
import { PendingButton } from '../../../../components/pending-button';

function PackagePreview({ preview }: { preview: CoursePackagePreview }) {
  const { t } = useTranslation('academy');
  if (!preview.isValid) {
    return (
      <Alert severity="error">
        <Typography component="h2" variant="subtitle2">
          {t('courseUpload.errorsTitle')}
        </Typography>
        <List dense>
          {preview.errors.map((issue, index) => (
            <ListItem key={index} disableGutters>
              <ListItemText primary={issue.message} secondary={issue.item} />
            </ListItem>
          ))}
        </List>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="course-upload-preview">
      <Typography id="course-upload-preview" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('courseUpload.previewTitle')}
      </Typography>
      <Typography>{t('courseUpload.course', { name: preview.courseName })}</Typography>
      <List dense>
        {preview.topics.map((topic) => (
          <ListItem key={topic.name} disableGutters sx={{ display: 'block' }}>
            <ListItemText primary={topic.name} />
            <List dense disablePadding sx={{ pl: 2 }}>
              {topic.lessons.map((lesson) => (
                <ListItem key={lesson.name} disableGutters>
                  <ListItemText
                    primary={lesson.name}
                    secondary={`${t(`manage.contentTypes.${lesson.type}`)}${lesson.file ? ` · ${lesson.file}` : ''}`}
                  />
                </ListItem>
              ))}
            </List>
          </ListItem>
        ))}
      </List>
      {preview.questions > 0 && <Typography>{t('courseUpload.questions', { count: preview.questions })}</Typography>}
    </section>
  );
}

/** Staff Course Upload: choose a zip, see what it creates (or its problems), create it and follow the job. */
export function CourseUploadScreen({ courseHref }: { courseHref: (courseId?: number) => string }) {
  const { t } = useTranslation('academy');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const preview = usePreviewCoursePackage();
  const upload = useUploadCoursePackage();
  const job = useCourseUploadJob(jobId);

  function handleChoose(chosen: File | undefined) {
    setFile(chosen ?? null);
    setJobId(null);
    preview.reset();
    if (chosen) preview.mutate(chosen);
  }

  const result = job.data?.result as { courseId?: number } | null | undefined;
  const progress = job.data?.progress;
  return (
    <PageCard title={t('courseUpload.title')}>
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('courseUpload.intro')}</Typography>
        <section aria-labelledby="course-upload-format">
          <Typography id="course-upload-format" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('courseUpload.formatTitle')}
          </Typography>
          <List dense sx={{ listStyle: 'disc', pl: 3 }}>
            {(['manifest', 'lessons', 'questions', 'limits'] as const).map((key) => (
              <ListItem key={key} disableGutters sx={{ display: 'list-item' }}>
                {t(`courseUpload.format.${key}`)}
              </ListItem>
            ))}
          </List>
          <Button variant="text" startIcon={<DownloadIcon />} onClick={() => void examplePackageZip().then((zip) => saveFile(zip, COURSE_PACKAGE_EXAMPLE_NAME))}>
            {t('courseUpload.downloadExample')}
          </Button>
        </section>
        <input
          ref={input}
          type="file"
          hidden
          accept=".zip,application/zip"
          aria-label={t('courseUpload.choose')}
          onChange={(event) => handleChoose(event.target.files?.[0])}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="outlined" startIcon={<FolderZipIcon />} onClick={() => input.current?.click()}>
            {t('courseUpload.choose')}
          </Button>
          {file && <Typography>{t('courseUpload.chosen', { name: file.name })}</Typography>}
        </Stack>
        {preview.isPending && <LinearProgress aria-label={t('courseUpload.checking')} />}
        {preview.data && <PackagePreview preview={preview.data} />}
        {preview.data?.isValid && !jobId && (
          <PendingButton
            isPending={upload.isPending}
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
            disabled={upload.isPending || !file}
            onClick={() => file && upload.mutate(file, { onSuccess: (started) => setJobId(started.jobId) })}
          >
            {upload.isPending ? t('courseUpload.creating') : t('courseUpload.create')}
          </PendingButton>
        )}
        {jobId && job.data && job.data.state !== 'succeeded' && job.data.state !== 'failed' && (
          <Stack spacing={1} aria-live="polite">
            <Typography>
              {t('courseUpload.progress', { done: progress?.done ?? 0, total: progress?.total ?? '…' })}
            </Typography>
            <LinearProgress
              variant={progress?.total ? 'determinate' : 'indeterminate'}
              value={progress?.total ? (100 * progress.done) / progress.total : undefined}
              aria-label={t('courseUpload.creating')}
            />
          </Stack>
        )}
        {job.data?.state === 'succeeded' && (
          <Alert severity="success" role="status">
            {t('courseUpload.succeeded')}{' '}
            <Link component={RouterLink} to={courseHref(result?.courseId)}>
              {t('courseUpload.openCourse')}
            </Link>
          </Alert>
        )}
        {job.data?.state === 'failed' && (
          <Alert severity="error">
            {t('courseUpload.failed', { reason: job.data.failure ?? '' })}
            <List dense>
              {job.data.errors.map((issue, index) => (
                <ListItem key={index} disableGutters>
                  <ListItemText primary={issue.message} secondary={issue.item} />
                </ListItem>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </PageCard>
  );
}
