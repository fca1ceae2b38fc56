import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { RichContent } from '../../../../components/rich-text/rich-content';
import { intlLocale } from '../../../../lib/date-time';
import { formatDuration } from '../../../../lib/format-duration';
import { useFeedbackReport, useReportOverview } from '../api/reports-api';
import { SolutionsList } from './solutions-list';
import { PanelErrorBoundary } from '../../../../components/errors/panel-error-boundary';
import { importOrReload } from '../../../../lib/stale-chunk';
import { paths } from '../../../../config/paths';

// The chart library is big; it loads only when a report is on screen.
const ReportCharts = lazy(async () => ({ default: (await importOrReload(() => import('./report-charts'))).ReportCharts }));

function Stat({ label, value }: { label: string; value: string }) {
  return (
    // Long Tamil words ("தேர்வர்களில்") wrap inside the card instead of running past its edge.
    <Paper variant="outlined" sx={{ p: 2, textAlign: 'center', minWidth: 0, overflowWrap: 'anywhere' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontSize: 'clamp(1.1rem, 4vw, 1.5rem)' }}>
        {value}
      </Typography>
    </Paper>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

function AttemptList() {
  const { t, i18n } = useTranslation('reports');
  const overview = useReportOverview(true);
  if (overview.isLoading) return <Loading />;
  if (overview.error) return <Alert severity="error">{(overview.error as Error).message}</Alert>;
  const data = overview.data!;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('attemptsTitle')}
      </Typography>
      {data.instructionData && <RichContent html={data.instructionData} sx={{ mb: 2 }} />}
      {data.attempts.length === 0 ? (
        <Typography color="text.secondary">{t('noAttempts')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {data.attempts.map((attempt) => (
              <ListItem key={attempt.attemptId} disablePadding>
                <ListItemButton
                  divider
                  component={RouterLink}
                  to={paths.reports.report.getHref({ courseId: attempt.courseID, taskId: attempt.taskID, attemptId: attempt.attemptId })}
                >
                  <ListItemText
                    primary={attempt.TaskName}
                    secondary={`${t('submittedAt', { date: new Date(attempt.submittedAt).toLocaleString(i18n.language === 'tn' ? 'ta-IN' : 'en-IN') })}${
                      attempt.ScoreVisible && attempt.scored !== null ? ` · ${attempt.scored} / ${attempt.total}` : ''
                    }`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}

/** /report?courseId&taskId&attemptId: the feedback report of one attempt; without them, the list. */
export function ReportScreen({
  back,
  renderQuestionActions,
}: {
  back?: { href: string; label: string };
  /** Actions under each question once the answers are released (the student's key challenge, discussion, keep in notebook). */
  renderQuestionActions?: (question: { taskId: number; attemptId: string; mapId: number; number: number }) => ReactNode;
}) {
  const { t, i18n } = useTranslation('reports');
  const [params] = useSearchParams();
  const courseId = Number(params.get('courseId'));
  const taskId = Number(params.get('taskId'));
  const attemptId = params.get('attemptId');
  const query = courseId && taskId && attemptId ? { courseId, taskId, attemptId } : null;
  const report = useFeedbackReport(query);
  if (!query) return <AttemptList />;
  if (report.isLoading) return <Loading />;
  if (report.error) return <Alert severity="error" sx={{ m: 3 }}>{(report.error as Error).message}</Alert>;
  const data = report.data!;
  const mark = data.MarkScored;
  return (
    // minmax(0, 1fr): a chart or a long line never makes the page wider than a 320 px phone.
    <Box sx={{ p: { xs: 0.5, sm: 2, md: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Box>
        <Typography variant="overline">{t('title')}</Typography>
        <Typography variant="h4" component="h1">
          {data.TaskName}
        </Typography>
      </Box>
      {mark.pendingEvaluation && <Alert severity="info">{t('pendingEvaluation')}</Alert>}
      {data.ScoreVisible ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }} data-testid="report-stats">
          <Stat label={t('score')} value={`${mark.scored} / ${mark.total}`} />
          <Stat label={t('percentage')} value={`${mark.percentage.toFixed(1)} %`} />
          <Stat label={t('accuracy')} value={`${mark.accuracy.toFixed(1)} %`} />
          <Stat label={t('rank')} value={t('rankOf', { rank: mark.rank, total: mark.candidates })} />
          <Stat label={t('percentile')} value={t('percentileOf', { percentile: mark.percentile.toFixed(1), total: mark.candidates })} />
          <Stat label={t('timeSpent')} value={formatDuration(mark.timeSpent)} />
          <Stat label={t('negativeLost')} value={String(mark.negativeMarksLost)} />
        </Box>
      ) : (
        <Alert severity="info">{t('scoreHidden')}</Alert>
      )}
      <Typography>{t('attempted', { attempted: data.QuestionsAttempted.attempted, total: data.QuestionsAttempted.totalQuestions })}</Typography>
      {/* A chart that fails (or whose chunk does) leaves the marks and answers below readable. */}
      <PanelErrorBoundary>
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              <CircularProgress size={20} aria-hidden /> {t('loadingCharts')}
            </Box>
          }
        >
          <ReportCharts report={data} />
        </Suspense>
      </PanelErrorBoundary>
      <Box>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('questionsWithAnswer')}
        </Typography>
        {data.answersHidden && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {data.answersHidden.reason === 'never' || !data.answersHidden.shownFrom
              ? t('answersHiddenNever')
              : t('answersHiddenUntil', {
                  when: new Date(data.answersHidden.shownFrom).toLocaleString(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }),
                })}
          </Alert>
        )}
        <SolutionsList
          items={data.QuestionsWithAnswer}
          renderActions={
            renderQuestionActions && !data.answersHidden
              ? (item) => renderQuestionActions({ taskId, attemptId: query.attemptId, mapId: item.questionTaskMapID, number: item.questionNumber })
              : undefined
          }
        />
      </Box>
      <Box>
        <Button component={RouterLink} to={back?.href ?? paths.academy.courses.getHref()}>
          {back?.label ?? t('backToCourses')}
        </Button>
      </Box>
    </Box>
  );
}
