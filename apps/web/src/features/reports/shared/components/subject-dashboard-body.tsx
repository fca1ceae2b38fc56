import type { StudentDashboard } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { importOrReload } from '../../../../lib/stale-chunk';
import { subjectView } from '../model/dashboard-view';
import { ChartSlot, FiguresTable, Section } from './student-dashboard';

const AccuracyChart = lazy(async () => ({ default: (await importOrReload(() => import('./dashboard-charts'))).AccuracyChart }));

/**
 * One subject in depth, topic by topic, from a dashboard already loaded (`?subject=` chooses it):
 * the student's own page and, read only, the Institution account's view of a student.
 */
export function SubjectDashboardBody({ data, studyLinks = true, isOwn = true }: { data: StudentDashboard; studyLinks?: boolean; isOwn?: boolean }) {
  const { t } = useTranslation('reports');
  const timeHeading = t(isOwn ? 'dashboard.yourTime' : 'dashboard.studentTime');
  const [params, setParams] = useSearchParams();
  const view = subjectView(data, params.get('subject'));
  if (!view) return <Alert severity="info">{t('dashboard.noAttempts')}</Alert>;
  return (
    <>
      <TextField
        select
        label={t('dashboard.allSubjects')}
        value={view.subject.subject}
        onChange={(event) => setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('subject', event.target.value);
          return next;
        })}
        sx={{ maxWidth: 320 }}
      >
        {data.subjects.map((s) => (
          <MenuItem key={s.subject} value={s.subject}>
            {s.subject}
          </MenuItem>
        ))}
      </TextField>
      <Section title={t('dashboard.topicsOf', { subject: view.subject.subject })} testId="subject-topics">
        <Typography gutterBottom>
          {t('dashboard.accuracy')}: {view.subject.accuracy} % · {timeHeading}: {view.subject.secondsPerQuestion} · {t('dashboard.topTime')}:{' '}
          {view.subject.topSecondsPerQuestion ?? t('dashboard.noTopTime')}
        </Typography>
        <ChartSlot>
          <AccuracyChart rows={view.topics.map((topic) => ({ name: topic.topic, accuracy: topic.accuracy }))} />
        </ChartSlot>
        <FiguresTable
          caption={t('dashboard.topicsOf', { subject: view.subject.subject })}
          head={[t('dashboard.topic'), t('dashboard.questions'), t('dashboard.correct'), t('dashboard.wrong'), t('dashboard.skipped'), t('dashboard.accuracy'), timeHeading, t('dashboard.topTime')]}
          rows={view.topics.map((topic) => [
            topic.topic,
            topic.questions,
            topic.correct,
            topic.wrong,
            topic.skipped,
            `${topic.accuracy} %`,
            topic.secondsPerQuestion,
            topic.topSecondsPerQuestion ?? t('dashboard.noTopTime'),
          ])}
        />
      </Section>
      <Section title={t('dashboard.weakest')} testId="subject-weakest">
        {view.weakest.length === 0 ? (
          <Typography color="text.secondary">{t('dashboard.noWeakest')}</Typography>
        ) : (
          view.weakest.map((w) => (
            <Typography key={w.topic}>
              {w.topic} · {w.accuracy} %
              {studyLinks && (
                <>
                  {' · '}
                  <Link component={RouterLink} to={paths.academy.topics.getHref({ courseId: w.courseId })}>
                    {t('dashboard.studyTopic', { topic: w.topic })}
                  </Link>
                </>
              )}
            </Typography>
          ))
        )}
      </Section>
    </>
  );
}
