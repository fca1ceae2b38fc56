import type { TaskSummary } from '@app/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';
import { formatDateChip } from '../../../../lib/date-time';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../../config/paths';

/** Where a task opens: a lesson's content route, or a test's instruction screen. */
export function taskPath(courseId: number, task: Pick<TaskSummary, 'taskID' | 'taskKind' | 'type' | 'contentType'>): string {
  if (task.taskKind === 'lesson') return paths.academy.content.getHref({ type: 'lesson', contentTypeName: task.contentType ?? 'richText', courseID: courseId, taskID: task.taskID });
  return paths.academy.instruction.getHref({ type: task.type ?? 'test', courseID: courseId, taskID: task.taskID });
}

/** The tasks of a topic with the student's latest attempt. */
export function TaskList({ courseId, tasks }: { courseId: number; tasks: TaskSummary[] }) {
  const { t, i18n } = useTranslation('academy');
  if (tasks.length === 0) return <Typography color="text.secondary">{t('noTasks')}</Typography>;
  return (
    <List disablePadding>
      {tasks.map((task) => {
        const attempt = task.lastAttempt;
        const kindLabel = task.taskKind === 'lesson' ? t(`contentType.${task.contentType ?? 'richText'}`) : task.type === 'practice' ? t('practice') : t('test');
        const actionLabel = task.taskKind === 'lesson' ? t('study') : attempt?.status === 'open' ? t('resume') : t('start');
        return (
          <ListItem key={task.taskID} divider sx={{ gap: 2, flexWrap: 'wrap' }} data-testid={`task-${task.taskID}`}>
            <ListItemText
              primary={task.TaskName}
              secondary={
                <Stack direction="row" spacing={1} component="span" sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                  <Chip size="small" label={kindLabel} component="span" />
                  {task.duration !== null && <Chip size="small" variant="outlined" label={t('minutes', { count: task.duration })} component="span" />}
                  {task.taskKind === 'test' && <Chip size="small" variant="outlined" label={t('questions', { count: task.totalQuestions })} component="span" />}
                  {task.window && <Chip size="small" variant="outlined" color="warning" label={t('openUntil', { date: formatDateChip(task.window.lateStartUntil ?? task.window.closesAt, i18n.language) })} component="span" />}
                  {task.isCompleted && <Chip size="small" color="success" label={t('completed')} component="span" />}
                  {attempt?.status === 'open' && <Chip size="small" color="warning" label={t('inProgress')} component="span" />}
                  {attempt?.status === 'submitted' && attempt.scored !== null && (
                    <Chip size="small" color="info" label={t('lastScore', { scored: attempt.scored, total: attempt.total })} component="span" />
                  )}
                </Stack>
              }
              slotProps={{ secondary: { component: 'div' } }}
            />
            {attempt?.status === 'submitted' && task.type === 'test' && (
              <Button component={RouterLink} to={paths.reports.report.getHref({ courseId, taskId: task.taskID, attemptId: attempt.attemptId })}>
                {t('viewFeedback')}
              </Button>
            )}
            <Button variant="contained" component={RouterLink} to={taskPath(courseId, task)}>
              {actionLabel}
            </Button>
          </ListItem>
        );
      })}
    </List>
  );
}
