import type { DashboardAttempt, StudentDashboard } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink } from 'react-router';
import { PanelErrorBoundary } from '../../../../components/errors/panel-error-boundary';
import { paths } from '../../../../config/paths';
import { importOrReload } from '../../../../lib/stale-chunk';
import { useStudentDashboard } from '../api/reports-api';
import { headline } from '../model/dashboard-view';

// recharts loads only with a dashboard on screen.
const TrendChart = lazy(async () => ({ default: (await importOrReload(() => import('./dashboard-charts'))).TrendChart }));
const AccuracyChart = lazy(async () => ({ default: (await importOrReload(() => import('./dashboard-charts'))).AccuracyChart }));

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId} component="section" aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function ChartSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation('reports');
  return (
    <PanelErrorBoundary>
      <Suspense fallback={<Typography color="text.secondary">{t('dashboard.loadingCharts')}</Typography>}>{children}</Suspense>
    </PanelErrorBoundary>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

/**
 * A small table that scrolls sideways on a phone rather than squeezing its columns; the scrolling
 * box takes keyboard focus so that it can be scrolled without a mouse.
 */
export function FiguresTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={caption}>
      <Table size="small">
        <caption style={{ captionSide: 'top', padding: 0, textAlign: 'start' }}>
          <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
            {caption}
          </Box>
        </caption>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, r) => (
            <TableRow key={r}>
              {cells.map((cell, i) => (
                <TableCell key={i} align={i === 0 ? 'left' : 'right'} component={i === 0 ? 'th' : 'td'} scope={i === 0 ? 'row' : undefined}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function DashboardLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

const studentReportHref = (a: DashboardAttempt) => paths.reports.report.getHref({ courseId: a.courseId, taskId: a.taskId, attemptId: a.attemptId });

/** Every analysis of a student's attempts; reportHref says where a test's feedback report opens (null: nowhere). */
/** `isOwn`: the student reads their own page ("You"); a parent or staff member reads a student's. */
export function DashboardBody({ data, reportHref = studentReportHref, isOwn = true }: { data: StudentDashboard; reportHref?: ((a: DashboardAttempt) => string) | null; isOwn?: boolean }) {
  const { t, i18n } = useTranslation('reports');
  const top = headline(data);
  if (!top) return <Alert severity="info">{t('dashboard.noAttempts')}</Alert>;
  const locale = i18n.language === 'tn' ? 'ta-IN' : 'en-IN';
  const n = data.negativeMarking;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }} data-testid="dashboard-stats">
        <Stat label={t('dashboard.tests')} value={String(top.tests)} />
        <Stat label={t('dashboard.averageScore')} value={`${top.averagePercentage} %`} />
        <Stat label={t('dashboard.bestPercentile')} value={top.bestPercentile.toFixed(1)} />
        <Stat label={t('dashboard.latestRank')} value={t('dashboard.rankOf', { rank: top.latestRank.rank, total: top.latestRank.total })} />
      </Box>

      <Section title={t('dashboard.trend')} testId="dashboard-trend">
        <ChartSlot>
          <TrendChart attempts={data.attempts} />
        </ChartSlot>
        <FiguresTable
          caption={t('dashboard.trendTable')}
          head={[t('dashboard.test'), t('dashboard.date'), t('dashboard.score'), t('dashboard.accuracy'), t('dashboard.rank'), t('dashboard.percentile')]}
          rows={data.attempts.map((a) => [
            reportHref ? (
              <Link component={RouterLink} to={reportHref(a)}>
                {a.taskName}
              </Link>
            ) : (
              a.taskName
            ),
            new Date(a.submittedAt).toLocaleDateString(locale),
            `${a.scored} / ${a.total}`,
            `${a.accuracy} %`,
            `${t('dashboard.rankOf', { rank: a.rank, total: a.candidates })}${a.isFirstAttempt ? '' : ` (${t('dashboard.retake')})`}`,
            a.percentile.toFixed(1),
          ])}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('dashboard.candidates')}
        </Typography>
      </Section>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        <Section title={t('dashboard.subjects')} testId="dashboard-subjects">
          <ChartSlot>
            <AccuracyChart rows={data.subjects.map((s) => ({ name: s.subject, accuracy: s.accuracy }))} />
          </ChartSlot>
          <FiguresTable
            caption={t('dashboard.subjects')}
            head={[t('dashboard.subject'), t('dashboard.questions'), t('dashboard.correct'), t('dashboard.wrong'), t('dashboard.skipped'), t('dashboard.accuracy')]}
            rows={data.subjects.map((s) => [
              <Link key={s.subject} component={RouterLink} to={paths.reports.subjectDashboard.getHref(s.subject)} aria-label={t('dashboard.openSubject', { subject: s.subject })}>
                {s.subject}
              </Link>,
              s.questions,
              s.correct,
              s.wrong,
              s.skipped,
              `${s.accuracy} %`,
            ])}
          />
        </Section>

        <Section title={t('dashboard.weakest')} testId="dashboard-weakest">
          {data.weakestTopics.length === 0 ? (
            <Typography color="text.secondary">{t('dashboard.noWeakest')}</Typography>
          ) : (
            <List dense disablePadding>
              {data.weakestTopics.map((w) => (
                <ListItem key={`${w.subject}-${w.topic}`} disableGutters sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
                  <Typography component="span">
                    {w.topic} · {w.subject} · {w.accuracy} %
                  </Typography>
                  <Link component={RouterLink} to={paths.academy.topics.getHref({ courseId: w.courseId })}>
                    {t('dashboard.studyTopic', { topic: w.topic })}
                  </Link>
                </ListItem>
              ))}
            </List>
          )}
        </Section>

        <Section title={t('dashboard.practise')} testId="dashboard-practise">
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('dashboard.practiseIntro')}
          </Typography>
          {data.practise.every((p) => p.attempts.length === 0) ? (
            <Typography color="text.secondary">{t('dashboard.noWeakest')}</Typography>
          ) : (
            <List dense disablePadding>
              {data.practise
                .filter((p) => p.attempts.length > 0)
                .map((p) => (
                  <ListItem key={`${p.subject}-${p.topic}`} disableGutters sx={{ display: 'block' }}>
                    <Typography component="h3" variant="subtitle2">
                      {p.topic} · {p.subject}
                    </Typography>
                    <Box component="ul" sx={{ m: 0, pl: 2 }}>
                      {p.attempts.map((a) => {
                        const attempt = data.attempts.find((x) => x.attemptId === a.attemptId);
                        const label = t('dashboard.practiseLine', { test: a.taskName, count: a.missed });
                        return (
                          <li key={a.attemptId}>
                            {attempt && reportHref ? (
                              <Link component={RouterLink} to={reportHref(attempt)}>
                                {label}
                              </Link>
                            ) : (
                              label
                            )}
                          </li>
                        );
                      })}
                    </Box>
                  </ListItem>
                ))}
            </List>
          )}
        </Section>

        <Section title={t('dashboard.time')} testId="dashboard-time">
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('dashboard.timeIntro')}
          </Typography>
          <FiguresTable
            caption={t('dashboard.time')}
            head={[t('dashboard.subject'), t(isOwn ? 'dashboard.yourTime' : 'dashboard.studentTime'), t('dashboard.topTime')]}
            rows={data.subjects.map((s) => [s.subject, s.secondsPerQuestion, s.topSecondsPerQuestion ?? t('dashboard.noTopTime')])}
          />
        </Section>

        <Section title={t('dashboard.quality')} testId="dashboard-quality">
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('dashboard.qualityIntro')}
          </Typography>
          <FiguresTable
            caption={t('dashboard.quality')}
            head={[t('dashboard.quality'), t('dashboard.questions')]}
            rows={(['correctInTime', 'correctSlow', 'wrongFast', 'wrongOther', 'skipped'] as const).map((key) => [t(`dashboard.${key}`), data.quality[key]])}
          />
          <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }}>
            {t('dashboard.changed')}
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('dashboard.changedIntro', { count: data.quality.changed.questions, context: isOwn ? undefined : 'student' })}
          </Typography>
          <FiguresTable
            caption={t('dashboard.changed')}
            head={[t('dashboard.changed'), t('dashboard.questions')]}
            rows={(['wrongToRight', 'rightToWrong', 'wrongToWrong', 'rightToRight', 'cleared'] as const).map((key) => [
              t(`dashboard.changed_${key}`),
              data.quality.changed[key],
            ])}
          />
        </Section>
      </Box>

      <Section title={t('dashboard.negative')} testId="dashboard-negative">
        <Typography>{t('dashboard.negativeText', { lost: n.marksLost, wrong: n.wrongAnswers, without: n.scoredSkippingWrong, scored: n.scored, context: isOwn ? undefined : 'student' })}</Typography>
      </Section>
    </Box>
  );
}

/** A student's analytics; a parent passes the child's id and where the child's reports open. */
export function StudentDashboardView({ studentId, reportHref }: { studentId?: number; reportHref?: ((a: DashboardAttempt) => string) | null }) {
  const dashboard = useStudentDashboard(studentId);
  if (dashboard.isLoading) return <DashboardLoading />;
  if (dashboard.error) return <Alert severity="error">{(dashboard.error as Error).message}</Alert>;
  return <DashboardBody data={dashboard.data!} isOwn={studentId === undefined} {...(reportHref !== undefined ? { reportHref } : {})} />;
}
