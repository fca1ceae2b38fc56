import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink } from 'react-router';
import { formatDuration } from '../../../../lib/format-duration';
import { useCourses } from '../api/academy-api';
import { QueryState } from './query-state';
import { paths } from '../../../../config/paths';

/** /academy/courses: the courses with the student's progress and time spent. */
export function CoursesScreen() {
  const { t } = useTranslation('academy');
  const courses = useCourses();
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('coursesTitle')}
      </Typography>
      <QueryState isLoading={courses.isLoading} error={courses.error} />
      {courses.data?.length === 0 && <Typography color="text.secondary">{t('noCourses')}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {courses.data?.map((course) => (
          <Card key={course.courseID} variant="outlined">
            <CardActionArea component={RouterLink} to={paths.academy.topics.getHref({ courseId: course.courseID })} sx={{ height: '100%' }}>
              {course.imageUrl && <CardMedia component="img" height="120" image={course.imageUrl} alt="" />}
              <CardContent>
                <Typography variant="h6" component="h2">
                  {course.courseName}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {course.description}
                </Typography>
                <LinearProgress variant="determinate" value={course.progress} aria-label={t('progress', { value: course.progress })} />
                <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
                  {t('progress', { value: course.progress })} · {t('tasksDone', { done: course.completedTasks, total: course.totalTasks })}
                </Typography>
                <Typography variant="caption" component="p" color="text.secondary">
                  {t('topics', { count: course.totalTopics })} · {t('timeSpent', { time: formatDuration(course.timeSpent) })}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
