import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../../config/paths';
import { useStudentDashboard } from '../../shared/api/reports-api';
import { DashboardLoading } from '../../shared/components/student-dashboard';
import { SubjectDashboardBody } from '../../shared/components/subject-dashboard-body';

/** /subject-dashboard?subject=Physics: one subject in depth, topic by topic. */
export function SubjectDashboard() {
  const { t } = useTranslation('reports');
  const dashboard = useStudentDashboard();
  if (dashboard.isLoading) return <DashboardLoading />;
  if (dashboard.error) return <Alert severity="error">{(dashboard.error as Error).message}</Alert>;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {t('dashboard.subjectTitle')}
      </Typography>
      <Link component={RouterLink} to={paths.reports.overallDashboard.path}>
        {t('dashboard.backToOverall')}
      </Link>
      <SubjectDashboardBody data={dashboard.data!} />
    </Box>
  );
}
