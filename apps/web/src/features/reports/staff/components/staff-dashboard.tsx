import type { StaffDashboard, StaffTestWindow } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink } from 'react-router';
import { PageCard } from '../../../../components/layout/page-card';
import { paths } from '../../../../config/paths';
import { formatDateChip } from '../../../../lib/date-time';
import { useStaffDashboard } from '../api/staff-reports-api';

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId} component="section" aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

/** The Dashboard's panels from the one call's answer. */
export function StaffDashboardBody({ data }: { data: StaffDashboard }) {
  const { t, i18n } = useTranslation('staffReports');
  const date = (iso: string) => formatDateChip(iso, i18n.language);

  const windows = (rows: StaffTestWindow[], empty: string) =>
    rows.length === 0 ? (
      <Empty>{empty}</Empty>
    ) : (
      <List dense disablePadding>
        {rows.map((w) => {
          const target = [w.className, w.sectionName].filter(Boolean).join(' ') || t('dashboard.wholeInstitute');
          return (
            <ListItem key={w.scheduleId} disableGutters>
              <ListItemText
                primary={`${w.taskName} · ${w.courseName}`}
                secondary={`${t('dashboard.window', { opens: date(w.opensAt), closes: date(w.closesAt) })} · ${t('dashboard.forWhom', { target })}`}
              />
            </ListItem>
          );
        })}
      </List>
    );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <Panel title={t('dashboard.today')} testId="dashboard-today">
        {windows(data.todayTests, t('dashboard.noToday'))}
      </Panel>
      <Panel title={t('dashboard.upcoming')} testId="dashboard-upcoming">
        {windows(data.upcomingTests, t('dashboard.noUpcoming'))}
      </Panel>
      <Panel title={t('dashboard.inProgress')} testId="dashboard-in-progress">
        {data.inProgress.length === 0 ? (
          <Empty>{t('dashboard.noneInProgress')}</Empty>
        ) : (
          <List dense disablePadding>
            {data.inProgress.map((test) => (
              <ListItem key={test.taskId} disableGutters secondaryAction={null} sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText primary={test.taskName} secondary={t('dashboard.running', { count: test.runningAttempts })} />
                <Button size="small" variant="outlined" component={RouterLink} to={paths.staff.examReport.getHref(test.taskId)} aria-label={t('dashboard.openLiveRoom', { name: test.taskName })}>
                  {t('stats.view.live')}
                </Button>
              </ListItem>
            ))}
          </List>
        )}
      </Panel>
      <Panel title={t('dashboard.marking')} testId="dashboard-marking">
        <Typography variant="h4" component="p">
          {data.pendingMarking.answers}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t('dashboard.markingCount', { count: data.pendingMarking.answers, attempts: data.pendingMarking.attempts })}
        </Typography>
        <Button size="small" variant="outlined" component={RouterLink} to={paths.reports.report.getHref({ tab: 'Marking' })}>
          {t('dashboard.openMarking')}
        </Button>
      </Panel>
      <Panel title={t('dashboard.recent')} testId="dashboard-recent">
        {data.recentResults.length === 0 ? (
          <Empty>{t('dashboard.noRecent')}</Empty>
        ) : (
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('dashboard.recent')}>
            <Table size="small" aria-label={t('dashboard.recent')}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t('dashboard.test')}</TableCell>
                  <TableCell scope="col" align="right">
                    {t('dashboard.attempts')}
                  </TableCell>
                  <TableCell scope="col" align="right">
                    {t('dashboard.mean')}
                  </TableCell>
                  <TableCell scope="col" align="right">
                    {t('dashboard.top')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.recentResults.map((r) => (
                  <TableRow key={r.taskId}>
                    <TableCell component="th" scope="row">
                      <Button
                        size="small"
                        component={RouterLink}
                        to={paths.staff.examReport.getHref(r.taskId, 'statistics')}
                        aria-label={t('dashboard.openStatistics', { name: r.taskName })}
                        sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left' }}
                      >
                        {r.taskName}
                      </Button>
                    </TableCell>
                    <TableCell align="right">{r.attempts}</TableCell>
                    <TableCell align="right">
                      {r.mean} / {r.total}
                    </TableCell>
                    <TableCell align="right">{r.top}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Panel>
      <Panel title={t('dashboard.atRisk')} testId="dashboard-at-risk">
        {data.atRisk.length === 0 ? (
          <Empty>{t('dashboard.noneAtRisk')}</Empty>
        ) : (
          <List dense disablePadding>
            {data.atRisk.map((s) => (
              <ListItem key={s.userId} disableGutters>
                <ListItemText
                  primary={s.displayName}
                  secondary={[
                    s.fallingScores.length ? t('dashboard.falling', { scores: s.fallingScores.map((p) => `${p} %`).join(' → ') }) : null,
                    s.missedTests.length ? t('dashboard.missed', { tests: s.missedTests.map((m) => m.taskName).join(', ') }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Panel>
    </Box>
  );
}

/** Staff /dashboard: the day's tests, tests running, answers to mark, recent results and students at risk. */
export function StaffDashboardScreen() {
  const { t } = useTranslation('staffReports');
  const dashboard = useStaffDashboard();

  return (
    <PageCard title={t('dashboard.title')}>
      {dashboard.isPending && <LinearProgress aria-label={t('dashboard.title')} />}
      {dashboard.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
              {t('dashboard.retry')}
            </Button>
          }
        >
          {t('dashboard.loadFailed')}
        </Alert>
      )}
      {dashboard.data && <StaffDashboardBody data={dashboard.data} />}
    </PageCard>
  );
}
