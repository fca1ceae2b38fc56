import type { ChildGlance } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { importOrReload } from '../../../../lib/stale-chunk';
import { dateTime } from '../../../../lib/date-time';
import { useActivity, useParentHome, useStudentDashboard } from '../../shared/api/reports-api';
import { DigestSetting } from './digest-settings';
import { EffortView } from './effort-dashboard';
import { ReportScreen } from '../../shared/components/report-screen';
import { ChartSlot, DashboardLoading, FiguresTable, Section, StudentDashboardView } from '../../shared/components/student-dashboard';

const ActivityChart = lazy(async () => ({ default: (await importOrReload(() => import('../../shared/components/dashboard-charts'))).ActivityChart }));
const ACTIVITY_DAYS = 30;

export function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The parent's linked children and the chosen one (`?child=`, else the first). */
function useChosenChild() {
  const home = useParentHome();
  const [params, setParams] = useSearchParams();
  const children = home.data?.children ?? [];
  const wanted = Number(params.get('child'));
  const child = children.find((c) => c.studentId === wanted) ?? children[0] ?? null;
  const choose = (id: number) => setParams({ child: String(id) });
  return { home, children, child, choose };
}

function ChildPicker({ children, child, onChoose }: { children: ChildGlance[]; child: ChildGlance; onChoose: (id: number) => void }) {
  const { t } = useTranslation('reports');
  if (children.length < 2) return <Typography variant="h6" component="p">{child.displayName}</Typography>;
  return (
    <TextField select label={t('parent.child')} value={child.studentId} onChange={(event) => onChoose(Number(event.target.value))} sx={{ maxWidth: 320 }}>
      {children.map((c) => (
        <MenuItem key={c.studentId} value={c.studentId}>
          {c.displayName}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ChildCard({ child }: { child: ChildGlance }) {
  const { t, i18n } = useTranslation('reports');
  const locale = i18n.language === 'tn' ? 'ta-IN' : 'en-IN';
  // Tamil on a 24-hour clock: the browser's Tamil time ends in the English "AM"/"PM".
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', ...(i18n.language === 'tn' ? { hourCycle: 'h23' as const } : {}) });
  const last = child.lastTest;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} component="section" aria-label={child.displayName} data-testid="child-card">
      <Typography variant="h6" component="h2">
        {child.displayName}
      </Typography>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('parent.lastTest')}
        </Typography>
        <Typography>
          {last
            ? t('parent.lastTestLine', { name: last.taskName, scored: last.scored, total: last.total, rank: last.rank, candidates: last.candidates, percentile: last.percentile.toFixed(1) })
            : t('parent.noTests')}
        </Typography>
        {child.trend.length > 1 && <Typography color="text.secondary">{t('parent.trendLine', { scores: child.trend.map((p) => `${p} %`).join(' → ') })}</Typography>}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('parent.upcoming')}
        </Typography>
        {child.upcomingTests.length === 0 ? (
          <Typography color="text.secondary">{t('parent.noUpcoming')}</Typography>
        ) : (
          <List dense disablePadding>
            {child.upcomingTests.map((w) => (
              <ListItem key={w.taskId} disableGutters>
                <ListItemText primary={t('parent.upcomingLine', { name: w.taskName, course: w.courseName, from: when(w.opensAt), to: when(w.closesAt) })} />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('parent.overdue')}
        </Typography>
        {child.overdueTodos.length === 0 ? (
          <Typography color="text.secondary">{t('parent.noOverdue')}</Typography>
        ) : (
          <List dense disablePadding>
            {child.overdueTodos.map((todo) => (
              <ListItem key={todo.id} disableGutters>
                <ListItemText primary={<span data-user-content="">{todo.title}</span>} secondary={todo.dueDate ? t('parent.dueOn', { date: new Date(`${todo.dueDate}T00:00:00`).toLocaleDateString(locale) }) : null} />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" component={RouterLink} to={paths.parent.dashboard.getHref(child.studentId)}>
          {t('parent.openDashboard', { name: child.displayName })}
        </Button>
        <Button variant="outlined" component={RouterLink} to={paths.parent.report.getHref(child.studentId)}>
          {t('parent.openReports', { name: child.displayName })}
        </Button>
      </Box>
    </Paper>
  );
}

/** /parent/home: each linked child at a glance. */
export function ParentHome() {
  const { t } = useTranslation('reports');
  const home = useParentHome();
  return (
    <Page title={t('parent.homeTitle')}>
      {home.isLoading ? (
        <DashboardLoading />
      ) : home.error ? (
        <Alert severity="error">{(home.error as Error).message}</Alert>
      ) : home.data!.children.length === 0 ? (
        <Alert severity="info">{t('parent.noChildren')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {home.data!.children.map((child) => (
            <ChildCard key={child.studentId} child={child} />
          ))}
        </Box>
      )}
      <DigestSetting />
    </Page>
  );
}

/** Renders the page body for the chosen child, or the loading, error and no-children states. */
export function WithChild({ title, render }: { title: string; render: (child: ChildGlance) => ReactNode }) {
  const { t } = useTranslation('reports');
  const { home, children, child, choose } = useChosenChild();
  return (
    <Page title={title}>
      {home.isLoading ? (
        <DashboardLoading />
      ) : home.error ? (
        <Alert severity="error">{(home.error as Error).message}</Alert>
      ) : !child ? (
        <Alert severity="info">{t('parent.noChildren')}</Alert>
      ) : (
        <>
          <ChildPicker children={children} child={child} onChoose={choose} />
          {render(child)}
        </>
      )}
    </Page>
  );
}

/** /parent/dashboard?child=: the child's analytics, read only. */
export function ParentDashboard() {
  const { t } = useTranslation('reports');
  return (
    <WithChild
      title={t('parent.dashboardTitle')}
      render={(child) => (
        <StudentDashboardView
          studentId={child.studentId}
          reportHref={(a) => paths.parent.report.getHref(child.studentId, { courseId: a.courseId, taskId: a.taskId, attemptId: a.attemptId })}
        />
      )}
    />
  );
}

function ChildAttempts({ child }: { child: ChildGlance }) {
  const { t, i18n } = useTranslation('reports');
  const dashboard = useStudentDashboard(child.studentId);
  if (dashboard.isLoading) return <DashboardLoading />;
  if (dashboard.error) return <Alert severity="error">{(dashboard.error as Error).message}</Alert>;
  const attempts = [...dashboard.data!.attempts].reverse();
  return (
    <Section title={t('parent.attempts')}>
      {attempts.length === 0 ? (
        <Typography color="text.secondary">{t('parent.noTests')}</Typography>
      ) : (
        <List disablePadding>
          {attempts.map((a) => (
            <ListItem key={a.attemptId} disablePadding>
              <ListItemButton divider component={RouterLink} to={paths.parent.report.getHref(child.studentId, { courseId: a.courseId, taskId: a.taskId, attemptId: a.attemptId })}>
                <ListItemText
                  primary={<span data-user-content="">{a.taskName}</span>}
                  secondary={`${dateTime(a.submittedAt, i18n.language)} · ${a.scored} / ${a.total}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}

/** /parent/report?child=: the child's tests; with courseId, taskId and attemptId, that attempt's feedback report. */
export function ParentReport() {
  const { t } = useTranslation('reports');
  const [params] = useSearchParams();
  if (params.get('attemptId')) {
    return <ReportScreen back={{ href: paths.parent.report.getHref(params.get('child') ?? undefined), label: t('parent.backToReports') }} />;
  }
  return <WithChild title={t('parent.reportTitle')} render={(child) => <ChildAttempts child={child} />} />;
}

function ChildActivity({ child }: { child: ChildGlance }) {
  const { t, i18n } = useTranslation('reports');
  const activity = useActivity(child.studentId, ACTIVITY_DAYS);
  if (activity.isLoading) return <DashboardLoading />;
  if (activity.error) return <Alert severity="error">{(activity.error as Error).message}</Alert>;
  const locale = i18n.language === 'tn' ? 'ta-IN' : 'en-IN';
  const rows = activity.data!.days.map((d) => ({ date: d.date, tests: d.tests, minutes: Math.round(d.studySeconds / 60) }));
  const totals = { tests: rows.reduce((sum, r) => sum + r.tests, 0), minutes: rows.reduce((sum, r) => sum + r.minutes, 0) };
  const active = [...rows].reverse().filter((r) => r.tests > 0 || r.minutes > 0);
  return (
    <Section title={t('parent.activityTitle')} testId="child-activity">
      <Typography color="text.secondary" gutterBottom>
        {t('parent.activityIntro', { days: ACTIVITY_DAYS })}
      </Typography>
      <Typography gutterBottom>{t('parent.activityTotals', { ...totals, days: ACTIVITY_DAYS })}</Typography>
      <ChartSlot>
        <ActivityChart rows={rows} />
      </ChartSlot>
      <FiguresTable
        caption={t('parent.activityTitle')}
        head={[t('parent.day'), t('parent.testsTaken'), t('parent.studyMinutes')]}
        rows={active.map((r) => [new Date(`${r.date}T00:00:00`).toLocaleDateString(locale, { dateStyle: 'medium' }), r.tests, r.minutes])}
      />
    </Section>
  );
}

/** /parent/activity?child=: tests taken and study time, by day. */
export function ParentActivity() {
  const { t } = useTranslation('reports');
  const family = useTranslation('familyReports');
  return (
    <WithChild
      title={t('parent.activityTitle')}
      render={(child) => (
        <>
          <ChildActivity child={child} />
          <Section title={family.t('effort.parentTitle')} testId="child-effort">
            <EffortView key={child.studentId} studentId={child.studentId} />
          </Section>
        </>
      )}
    />
  );
}
