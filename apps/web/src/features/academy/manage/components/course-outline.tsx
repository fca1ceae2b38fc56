import type { ManagedTask, ManagedTopic, TaskKind } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink } from 'react-router';
import { useCourseOutline, useReorder, useUpdateCourse, useUpdateTask } from '../api/manage-api';
import { TaskDialog } from './task-dialog';
import { TopicDialog } from './topic-dialog';
import { PendingButton } from '../../../../components/pending-button';

/** Moves one id a step up or down in a list. */
function moved(ids: number[], index: number, step: -1 | 1): number[] {
  const next = [...ids];
  [next[index], next[index + step]] = [next[index + step]!, next[index]!];
  return next;
}

type Editing =
  | { type: 'topic'; topic?: ManagedTopic }
  | { type: 'task'; topicId: number; kind: TaskKind; task?: ManagedTask }
  | null;

interface CourseOutlineProps {
  courseId: number;
  /** The Test Configuration address of a test. */
  testConfigHref: (taskId: number) => string;
}

/** A course's topics with their lessons and tests: add, edit, reorder, publish. */
export function CourseOutline({ courseId, testConfigHref }: CourseOutlineProps) {
  const { t } = useTranslation('academy');
  const outline = useCourseOutline(courseId);
  const reorder = useReorder();
  const updateCourse = useUpdateCourse();
  const updateTask = useUpdateTask();
  const [editing, setEditing] = useState<Editing>(null);

  if (outline.isLoading) return <CircularProgress aria-label={t('manage.title')} />;
  if (outline.isError || !outline.data) return <Alert severity="error">{t('manage.loadFailed')}</Alert>;
  const { course, topics } = outline.data;
  const topicIds = topics.map((topic) => topic.topicID);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {course.courseName}{' '}
          <Chip size="small" color={course.isPublished ? 'success' : 'default'} label={course.isPublished ? t('manage.published') : t('manage.draft')} />
        </Typography>
        <PendingButton
          isPending={updateCourse.isPending}
          variant="outlined"
          onClick={() => updateCourse.mutate({ courseId, isPublished: !course.isPublished })}
          disabled={updateCourse.isPending}
        >
          {course.isPublished ? t('manage.unpublish') : t('manage.publish')}
        </PendingButton>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ type: 'topic' })}>
          {t('manage.newTopic')}
        </Button>
      </Stack>
      {topics.length === 0 && <Typography color="text.secondary">{t('manage.noTopics')}</Typography>}
      {topics.map((topic, topicIndex) => {
        const taskIds = topic.tasks.map((task) => task.taskID);
        return (
          <Paper key={topic.topicID} variant="outlined" component="section" aria-labelledby={`topic-${topic.topicID}`} sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography id={`topic-${topic.topicID}`} variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600, minWidth: 160 }}>
                {topic.topicName}
              </Typography>
              <IconButton aria-label={`${t('manage.moveUp')}: ${topic.topicName}`} disabled={topicIndex === 0 || reorder.isPending} onClick={() => reorder.mutate({ courseId, topicIds: moved(topicIds, topicIndex, -1) })}>
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={`${t('manage.moveDown')}: ${topic.topicName}`}
                disabled={topicIndex === topics.length - 1 || reorder.isPending}
                onClick={() => reorder.mutate({ courseId, topicIds: moved(topicIds, topicIndex, 1) })}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <IconButton aria-label={`${t('manage.editTopic')}: ${topic.topicName}`} onClick={() => setEditing({ type: 'topic', topic })}>
                <EditIcon />
              </IconButton>
            </Stack>
            {topic.tasks.length === 0 ? (
              <Typography color="text.secondary" variant="body2" sx={{ my: 1 }}>
                {t('manage.noTasks')}
              </Typography>
            ) : (
              <List dense aria-label={topic.topicName}>
                {topic.tasks.map((task, taskIndex) => (
                  <ListItem
                    key={task.taskID}
                    disableGutters
                    sx={{ flexWrap: 'wrap', gap: 0.5 }}
                    secondaryAction={undefined}
                  >
                    <ListItemText
                      sx={{ flex: '1 1 200px' }}
                      primary={task.TaskName}
                      secondary={
                        task.taskKind === 'lesson'
                          ? `${t('manage.lesson')} · ${t(`manage.contentTypes.${task.contentType ?? 'richText'}`)}`
                          : `${t('manage.test')} · ${t(`manage.testTypes.${task.type ?? 'test'}`)}`
                      }
                    />
                    <Chip
                      size="small"
                      color={task.isPublished ? 'success' : 'default'}
                      label={task.isPublished ? t('manage.published') : t('manage.draft')}
                    />
                    <Button size="small" onClick={() => updateTask.mutate({ taskId: task.taskID, isPublished: !task.isPublished })} aria-label={`${task.isPublished ? t('manage.unpublish') : t('manage.publish')}: ${task.TaskName}`}>
                      {task.isPublished ? t('manage.unpublish') : t('manage.publish')}
                    </Button>
                    {task.taskKind === 'test' && (
                      <Link component={RouterLink} to={testConfigHref(task.taskID)} variant="body2">
                        {t('manage.configureTest')}
                      </Link>
                    )}
                    <Box sx={{ display: 'flex' }}>
                      <IconButton
                        aria-label={`${t('manage.moveUp')}: ${task.TaskName}`}
                        disabled={taskIndex === 0 || reorder.isPending}
                        onClick={() => reorder.mutate({ topicId: topic.topicID, taskIds: moved(taskIds, taskIndex, -1) })}
                      >
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={`${t('manage.moveDown')}: ${task.TaskName}`}
                        disabled={taskIndex === topic.tasks.length - 1 || reorder.isPending}
                        onClick={() => reorder.mutate({ topicId: topic.topicID, taskIds: moved(taskIds, taskIndex, 1) })}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={`${t('manage.edit')}: ${task.TaskName}`}
                        onClick={() => setEditing({ type: 'task', topicId: topic.topicID, kind: task.taskKind, task })}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Box>
                  </ListItem>
                ))}
              </List>
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
              <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ type: 'task', topicId: topic.topicID, kind: 'lesson' })} aria-label={`${t('manage.newLesson')}: ${topic.topicName}`}>
                {t('manage.newLesson')}
              </Button>
              <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ type: 'task', topicId: topic.topicID, kind: 'test' })} aria-label={`${t('manage.newTest')}: ${topic.topicName}`}>
                {t('manage.newTest')}
              </Button>
            </Stack>
          </Paper>
        );
      })}
      {editing?.type === 'topic' && <TopicDialog courseId={courseId} topic={editing.topic} onClose={() => setEditing(null)} />}
      {editing?.type === 'task' && (
        <TaskDialog courseId={courseId} topicId={editing.topicId} kind={editing.kind} task={editing.task} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
