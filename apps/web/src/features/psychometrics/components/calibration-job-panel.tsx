import type { CalibrationSummary, ItemCalibrationState } from '@app/contracts';
import { ITEM_CALIBRATION_STATES } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation';
import { intlLocale } from '../../../lib/date-time';
import { useCalibrationJob } from '../api/calibration-api';

/** One figure of the summary: its name and value, as a description list entry. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

function SummaryFigures({ summary }: { summary: CalibrationSummary }) {
  const { t, i18n } = useTranslation('psychometrics');
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const states = ITEM_CALIBRATION_STATES.filter((state: ItemCalibrationState) => (summary.states[state] ?? 0) > 0);
  return (
    <>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' } }}>
        <Figure label={t('summary.model')} value={t(`models.${summary.model}`)} />
        <Figure label={t('summary.examinees')} value={number.format(summary.examinees)} />
        <Figure label={t('summary.responses')} value={number.format(summary.responses)} />
        <Figure label={t('summary.items')} value={number.format(summary.items)} />
        <Figure label={t('summary.flagged')} value={number.format(summary.flagged)} />
        {states.map((state) => (
          <Figure key={state} label={t(`states.${state}`)} value={number.format(summary.states[state] ?? 0)} />
        ))}
      </Box>
      <Typography variant="body2" color={summary.converged ? 'text.secondary' : 'warning.main'} sx={{ mt: 1 }}>
        {t(summary.converged ? 'summary.converged' : 'summary.notConverged', { count: summary.iterations })}
      </Typography>
    </>
  );
}

/** The started calibration: its progress while it runs, then its summary (or why it failed). */
export function CalibrationJobPanel({ jobId }: { jobId: string }) {
  const { t } = useTranslation('psychometrics');
  const headingId = useId();
  const query = useCalibrationJob(jobId);
  const job = query.data?.job;
  const summary = query.data?.summary ?? null;

  let status: React.ReactNode = null;
  if (query.isError) status = <Alert severity="error">{t('job.loadFailed')}</Alert>;
  else if (!job || job.state === 'queued') status = <Typography>{t('job.queued')}</Typography>;
  else if (job.state === 'running') status = <Typography>{job.progress.total ? t('job.runningItems', { total: job.progress.total }) : t('job.running')}</Typography>;
  else if (job.state === 'failed') status = <Alert severity="error">{job.failure ? t('job.failed', { reason: job.failure }) : t('job.failedUnknown')}</Alert>;
  else if (job.state === 'cancelled') status = <Alert severity="warning">{t('job.cancelled')}</Alert>;
  else status = <Typography>{t('job.succeeded')}</Typography>;

  const isActive = !query.isError && (!job || job.state === 'queued' || job.state === 'running');
  const total = job?.progress.total ?? 0;
  const percent = total > 0 ? Math.round((100 * (job?.progress.done ?? 0)) / total) : 0;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {summary ? t('summary.title') : t('job.title')}
      </Typography>
      <Box role="status" aria-live="polite">
        {status}
      </Box>
      {isActive && (
        <LinearProgress
          sx={{ mt: 1 }}
          aria-label={t('job.progress')}
          variant={total > 0 && percent > 0 ? 'determinate' : 'indeterminate'}
          value={total > 0 ? percent : undefined}
        />
      )}
      {summary && (
        <Box sx={{ mt: 2 }}>
          <SummaryFigures summary={summary} />
        </Box>
      )}
    </Box>
  );
}
