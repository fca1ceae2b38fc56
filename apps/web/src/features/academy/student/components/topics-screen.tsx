import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink, useParams } from 'react-router';
import { formatDateChip } from '../../../../lib/date-time';
import { useTasks, useTopics } from '../api/academy-api';
import { useCourseTracking } from '../hooks/use-course-tracking';
import { QueryState } from './query-state';
import { TaskList } from './task-list';
import { paths } from '../../../../config/paths';

/** /academy/courses/topic/{courseId}[/{topicId}]: the topics with progress; a chosen topic's tasks. */
export function TopicsScreen() {
  const { t, i18n } = useTranslation('academy');
  const params = useParams();
  const courseId = Number(params.courseId);
  const topicId = params.topicId ? Number(params.topicId) : null;
  const topics = useTopics(courseId);
  const tasks = useTasks(courseId, topicId);
  useCourseTracking(courseId);

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Breadcrumbs sx={{ mb: 1 }}>
        <Link component={RouterLink} to={paths.academy.courses.getHref()}>
          {t('backToCourses')}
        </Link>
        <Typography color="text.primary">{topics.data?.courseName}</Typography>
      </Breadcrumbs>
      <Typography variant="h4" component="h1" gutterBottom>
        {topics.data?.courseName ?? t('topicsTitle')}
      </Typography>
      <QueryState isLoading={topics.isLoading} error={topics.error} />
      {topics.data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, alignItems: 'start' }}>
          <Paper variant="outlined">
            {topics.data.topics.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {t('noTopics')}
              </Typography>
            ) : (
              <List disablePadding aria-label={t('topicsTitle')}>
                {topics.data.topics.map((topic) => (
                  <ListItem key={topic.topicID} disablePadding>
                    <ListItemButton
                      component={RouterLink}
                      to={paths.academy.topics.getHref({ courseId, topicId: topic.topicID })}
                      selected={topic.topicID === topicId}
                      disabled={!!topic.opensAt}
                      divider
                    >
                      <ListItemText
                        primary={topic.topicName}
                        secondary={
                          <>
                            <LinearProgress variant="determinate" value={topic.progress} aria-label={t('progress', { value: topic.progress })} sx={{ my: 0.5, display: 'block' }} />
                            {topic.opensAt
                              ? t('topicOpensOn', { date: formatDateChip(topic.opensAt, i18n.language) })
                              : t('tasksDone', { done: topic.completedTasks, total: topic.totalTasks })}
                          </>
                        }
                        slotProps={{ secondary: { component: 'span', sx: { display: 'block' } } }}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {tasks.data?.topicName ?? t('tasksTitle')}
            </Typography>
            {!topicId && <Typography color="text.secondary">{t('chooseTopic')}</Typography>}
            <QueryState isLoading={tasks.isLoading} error={tasks.error} />
            {tasks.data && <TaskList courseId={courseId} tasks={tasks.data.tasks} />}
          </Paper>
        </Box>
      )}
    </Box>
  );
}
