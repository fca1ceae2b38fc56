import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink, useParams } from 'react-router';
import { useTasks } from '../api/academy-api';
import { useCourseTracking } from '../hooks/use-course-tracking';
import { QueryState } from './query-state';
import { TaskList } from './task-list';
import { paths } from '../../../../config/paths';

/** /academy/courses/task/{courseId}/{topicId}: the tasks of a topic. */
export function TasksScreen() {
  const { t } = useTranslation('academy');
  const params = useParams();
  const courseId = Number(params.courseId);
  const topicId = Number(params.topicId);
  const tasks = useTasks(courseId, topicId);
  useCourseTracking(courseId);
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Breadcrumbs sx={{ mb: 1 }}>
        <Link component={RouterLink} to={paths.academy.courses.getHref()}>
          {t('backToCourses')}
        </Link>
        <Link component={RouterLink} to={paths.academy.topics.getHref({ courseId })}>
          {tasks.data?.courseName ?? t('backToTopics')}
        </Link>
        <Typography color="text.primary">{tasks.data?.topicName}</Typography>
      </Breadcrumbs>
      <Typography variant="h4" component="h1" gutterBottom>
        {tasks.data?.topicName ?? t('tasksTitle')}
      </Typography>
      <QueryState isLoading={tasks.isLoading} error={tasks.error} />
      {tasks.data && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <TaskList courseId={courseId} tasks={tasks.data.tasks} />
        </Paper>
      )}
    </Box>
  );
}
