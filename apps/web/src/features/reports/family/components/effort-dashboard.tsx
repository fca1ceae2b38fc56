import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { importOrReload } from '../../../../lib/stale-chunk';
import { useEffort } from '../api/family-reports-api';
import { ChartSlot, DashboardLoading, FiguresTable, Section } from '../../shared/components/student-dashboard';

const EffortChart = lazy(async () => ({ default: (await importOrReload(() => import('../../shared/components/dashboard-charts'))).EffortChart }));
const WEEK_CHOICES = [4, 8, 12, 26] as const;

/** Effort against result, week by week: the student's own (no id) or a child's, read only. */
export function EffortView({ studentId }: { studentId?: number }) {
  const { t, i18n } = useTranslation('familyReports');
  const [weeks, setWeeks] = useState<number>(8);
  const effort = useEffort(studentId, weeks);
  const locale = i18n.language === 'tn' ? 'ta-IN' : 'en-IN';
  const day = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString(locale, { day: 'numeric', month: 'short' });
  const picker = (
    <TextField select label={t('effort.weeks')} value={weeks} onChange={(event) => setWeeks(Number(event.target.value))} sx={{ maxWidth: 200 }}>
      {WEEK_CHOICES.map((n) => (
        <MenuItem key={n} value={n}>
          {n}
        </MenuItem>
      ))}
    </TextField>
  );
  if (effort.isLoading) return <DashboardLoading />;
  if (effort.error) return <Alert severity="error">{(effort.error as Error).message}</Alert>;
  const data = effort.data!;
  const rows = data.weeks.map((w) => ({ week: day(w.weekStart), minutes: Math.round(w.studySeconds / 60), mean: w.meanPercentage }));
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography color="text.secondary">{studentId === undefined ? t('effort.intro') : t('effort.introChild')}</Typography>
      {picker}
      <Section title={t('effort.chartTitle')} testId="effort-weeks">
        <ChartSlot>
          <EffortChart rows={rows} />
        </ChartSlot>
        <FiguresTable
          caption={t('effort.chartTitle')}
          head={[t('effort.week'), t('effort.studyMinutes'), t('effort.lessons'), t('effort.tests'), t('effort.mean')]}
          rows={data.weeks.map((w, i) => [rows[i]!.week, rows[i]!.minutes, w.lessonsCompleted, w.tests, w.meanPercentage === null ? t('effort.noScore') : `${w.meanPercentage} %`])}
        />
      </Section>
      <Section title={t('effort.bySubject')} testId="effort-subjects">
        {data.subjects.length === 0 ? (
          <Typography color="text.secondary">{t('effort.noSubjects')}</Typography>
        ) : (
          <FiguresTable
            caption={t('effort.bySubject')}
            head={[t('effort.subject'), ...rows.map((r) => r.week)]}
            rows={data.subjects.map((s) => [s.subject, ...s.weeks.map((w) => (w.accuracy === null ? t('effort.noScore') : `${w.accuracy} %`))])}
          />
        )}
      </Section>
      {data.courses.length > 0 && (
        <Section title={t('effort.courses')} testId="effort-courses">
          <FiguresTable
            caption={t('effort.courses')}
            head={[t('effort.course'), t('effort.courseTime'), t('effort.courseLessons')]}
            rows={data.courses.map((c) => [c.courseName, Math.round(c.studySeconds / 60), c.lessonsCompleted])}
          />
        </Section>
      )}
    </Box>
  );
}

/** /eis-dashboard: the student's effort against results. */
export function EisDashboard() {
  const { t } = useTranslation('familyReports');
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        {t('effort.title')}
      </Typography>
      <EffortView />
    </Box>
  );
}
