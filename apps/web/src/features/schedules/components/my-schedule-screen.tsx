import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PageCard } from '../../../components/layout/page-card';
import { paths } from '../../../config/paths';
import { useMySchedule } from '../api/schedules-api';
import { formatInstant } from './schedule-format';

/** The student's Course Schedule (/courseschedule): what opens when for their class, and their test windows. */
export function MyScheduleScreen() {
  const { t, i18n } = useTranslation('schedules');
  const schedule = useMySchedule();
  const when = (iso: string | null) => formatInstant(iso, i18n.language);
  const isEmpty = schedule.data && schedule.data.topics.length === 0 && schedule.data.tests.length === 0;
  return (
    <PageCard title={t('myScheduleTitle')}>
      {schedule.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {isEmpty && <Typography color="text.secondary">{t('nothingScheduled')}</Typography>}
      <Stack spacing={3}>
        {!!schedule.data?.topics.length && (
          <section aria-labelledby="my-topics">
            <Typography id="my-topics" variant="subtitle1" component="h2">
              {t('myTopics')}
            </Typography>
            <List>
              {schedule.data.topics.map((topic) => (
                <ListItem key={topic.topicId} divider secondaryAction={<Chip size="small" label={topic.isOpen ? t('open') : t('locked')} color={topic.isOpen ? 'success' : 'default'} />}>
                  <ListItemText
                    primary={topic.topicName}
                    secondary={`${topic.courseName} · ${topic.isOpen ? t('openSince', { date: when(topic.opensAt) }) : t('opensOn', { date: when(topic.opensAt) })}`}
                  />
                </ListItem>
              ))}
            </List>
          </section>
        )}
        {!!schedule.data?.tests.length && (
          <section aria-labelledby="my-tests">
            <Typography id="my-tests" variant="subtitle1" component="h2">
              {t('myTests')}
            </Typography>
            <List>
              {schedule.data.tests.map((test) => (
                <ListItem key={test.taskId} divider>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={paths.academy.courses.path}>
                        {test.taskName}
                      </Link>
                    }
                    secondary={[
                      test.courseName,
                      t('windowText', { from: when(test.opensAt), to: when(test.closesAt) }),
                      test.lateStartUntil ? t('lastStartText', { date: when(test.lateStartUntil) }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          </section>
        )}
      </Stack>
    </PageCard>
  );
}
