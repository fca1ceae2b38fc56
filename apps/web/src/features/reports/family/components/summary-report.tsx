import { DEFAULT_TIME_ZONE, type ChildGlance, type SummaryReport } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { DateInput } from '../../../../components/date-time-field';
import { useSummaryReport } from '../api/family-reports-api';
import { DashboardLoading, FiguresTable, Section } from '../../shared/components/student-dashboard';
import { WithChild } from './parent-pages';

const PRINT_AREA = 'summary-report-print';
const DAY_MS = 86_400_000;

/** A local calendar date as YYYY-MM-DD. */
/** The day of an instant as the server counts study days (India time), whatever the browser's zone. */
function isoDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** Only the report prints: the shell around it is hidden on paper. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        [`#${PRINT_AREA}, #${PRINT_AREA} *`]: { visibility: 'visible' },
        [`#${PRINT_AREA}`]: { position: 'absolute', left: 0, top: 0, width: '100%' },
        '[data-print-hide]': { display: 'none !important' },
        '@page': { margin: '15mm' },
      },
    }}
  />
);

function SummaryBody({ report }: { report: SummaryReport }) {
  const { t, i18n } = useTranslation('familyReports');
  const locale = i18n.language === 'tn' ? 'ta-IN' : 'en-IN';
  const day = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString(locale, { dateStyle: 'medium' });
  const trend = {
    up: t('summary.trendUp', { change: report.trendChange }),
    down: t('summary.trendDown', { change: report.trendChange }),
    steady: t('summary.trendSteady', { change: report.trendChange }),
    none: t('summary.trendNone'),
  }[report.trend];
  return (
    <Box id={PRINT_AREA} sx={{ display: 'grid', gap: 2, minWidth: 0 }} data-testid="summary-report">
      <Typography variant="h5" component="h2">
        {t('summary.period', { name: report.displayName, from: day(report.from), to: day(report.to) })}
      </Typography>
      <Section title={t('summary.tests')} testId="summary-tests">
        {report.tests.length === 0 ? (
          <Typography color="text.secondary">{t('summary.noTests')}</Typography>
        ) : (
          <FiguresTable
            caption={t('summary.tests')}
            head={[t('summary.test'), t('summary.date'), t('summary.score'), t('summary.accuracy'), t('summary.rank'), t('summary.percentile')]}
            rows={report.tests.map((x) => [
              x.taskName,
              new Date(x.submittedAt).toLocaleDateString(locale),
              `${x.scored} / ${x.total} (${x.percentage} %)`,
              `${x.accuracy} %`,
              t('summary.rankOf', { rank: x.rank, total: x.candidates }),
              x.percentile.toFixed(1),
            ])}
          />
        )}
        <Typography sx={{ mt: 1 }} data-testid="summary-average">
          {t('summary.average')}: {report.averagePercentage === null ? '–' : `${report.averagePercentage} %`}
        </Typography>
        <Typography data-testid="summary-trend">
          {t('summary.trend')}: {trend}
        </Typography>
      </Section>
      <Section title={t('summary.study')} testId="summary-study">
        <Typography>{t('summary.studyLine', { minutes: Math.round(report.studySeconds / 60), days: report.activeDays })}</Typography>
        <Typography data-testid="summary-review">
          {t('summary.reviewLine', { streak: report.reviewStreakDays, minutes: Math.round(report.reviewSecondsThisWeek / 60) })}
        </Typography>
      </Section>
      <Section title={t('summary.lessons')} testId="summary-lessons">
        {report.lessonsCompleted.length === 0 ? (
          <Typography color="text.secondary">{t('summary.noLessons')}</Typography>
        ) : (
          <List dense disablePadding>
            {report.lessonsCompleted.map((l) => (
              <ListItem key={l.taskId} disableGutters>
                <ListItemText primary={l.name} secondary={`${l.courseName} · ${new Date(l.completedAt).toLocaleDateString(locale)}`} />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section title={t('summary.topics')} testId="summary-topics">
        {report.topicsToImprove.length === 0 ? (
          <Typography color="text.secondary">{t('summary.noTopics')}</Typography>
        ) : (
          <FiguresTable
            caption={t('summary.topics')}
            head={[t('summary.topic'), t('summary.subject'), t('summary.accuracy')]}
            rows={report.topicsToImprove.map((w) => [w.topic, w.subject, `${w.accuracy} %`])}
          />
        )}
      </Section>
    </Box>
  );
}

function ChildSummary({ child }: { child: ChildGlance }) {
  const { t } = useTranslation('familyReports');
  const today = new Date();
  const [draft, setDraft] = useState({ from: isoDay(new Date(today.getTime() - 29 * DAY_MS)), to: isoDay(today) });
  const [period, setPeriod] = useState(draft);
  const report = useSummaryReport(child.studentId, period);
  const isBad = !draft.from || !draft.to || draft.from > draft.to;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isBad) setPeriod(draft);
  };
  return (
    <>
      {printStyles}
      <Box component="form" onSubmit={submit} data-print-hide sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <DateInput label={t('summary.from')} value={draft.from} onChange={(from) => setDraft((current) => ({ ...current, from }))} />
        <DateInput
          label={t('summary.to')}
          value={draft.to}
          onChange={(to) => setDraft((current) => ({ ...current, to }))}
          error={isBad}
          helperText={isBad ? t('summary.badPeriod') : undefined}
        />
        <Button type="submit" variant="contained" disabled={isBad} sx={{ mt: 1 }}>
          {t('summary.show')}
        </Button>
        <Button type="button" variant="outlined" onClick={() => window.print()} disabled={!report.data} sx={{ mt: 1 }}>
          {t('summary.print')}
        </Button>
      </Box>
      {report.isLoading ? <DashboardLoading /> : report.error ? <Alert severity="error">{(report.error as Error).message}</Alert> : report.data ? <SummaryBody report={report.data} /> : null}
    </>
  );
}

/** /parent/summary?child=: the child's Summary Report of a chosen period, printable. */
export function ParentSummaryReport() {
  const { t } = useTranslation('familyReports');
  return <WithChild title={t('summary.title')} render={(child) => <ChildSummary key={child.studentId} child={child} />} />;
}
