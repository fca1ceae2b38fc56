import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';
import { useStudentDashboard } from '../../shared/api/reports-api';
import { projectNeetScore } from '../model/neet-projection';
import { DashboardLoading, Section } from '../../shared/components/student-dashboard';

/** /neetReport: a projected NEET score band, with its method and uncertainty stated. */
export function NeetReport() {
  const { t } = useTranslation('reports');
  const dashboard = useStudentDashboard();
  const band = dashboard.data ? projectNeetScore(dashboard.data.attempts) : null;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {t('neet.title')}
      </Typography>
      {dashboard.isLoading ? (
        <DashboardLoading />
      ) : dashboard.error ? (
        <Alert severity="error">{(dashboard.error as Error).message}</Alert>
      ) : !band ? (
        <Alert severity="info">{t('neet.none')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="neet-band">
          <Typography variant="h5" component="p">
            {t('neet.band', { low: band.low, high: band.high })}
          </Typography>
          <Typography>{t('neet.centre', { mean: band.mean })}</Typography>
          <Typography color="text.secondary">{t('neet.basedOn', { tests: band.tests, scores: band.scaled.join(', ') })}</Typography>
        </Paper>
      )}
      <Section title={t('neet.methodTitle')}>
        <Typography gutterBottom>{t('neet.method')}</Typography>
        <Typography color="text.secondary">{t('neet.uncertainty')}</Typography>
      </Section>
    </Box>
  );
}
