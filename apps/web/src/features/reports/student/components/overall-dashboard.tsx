import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';
import { StudentDashboardView } from '../../shared/components/student-dashboard';

/** /overall-dashboard: the student's Reports & Analytics. */
export function OverallDashboard() {
  const { t } = useTranslation('reports');
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {t('dashboard.title')}
      </Typography>
      <StudentDashboardView />
    </Box>
  );
}
