import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { RichContent } from '../../../../components/rich-text/rich-content';
import { useTaskContent } from '../api/academy-api';
import { markLessonComplete, useCourseTracking } from '../hooks/use-course-tracking';
import { InstructionScreen } from './instruction-screen';
import { QueryState } from './query-state';
import { paths } from '../../../../config/paths';

function LessonContent({ courseId, taskId }: { courseId: number; taskId: number }) {
  const { t } = useTranslation('academy');
  const queryClient = useQueryClient();
  const content = useTaskContent(courseId, taskId);
  const [isMarking, setIsMarking] = useState(false);
  useCourseTracking(courseId, taskId);
  const data = content.data;

  const complete = async () => {
    setIsMarking(true);
    try {
      await markLessonComplete(courseId, taskId);
      await queryClient.invalidateQueries({ queryKey: ['academy'] });
    } finally {
      setIsMarking(false);
    }
  };

  if (data?.taskKind === 'test' && data.testPath) return <Navigate to={paths.academy.instruction.getHref({ type: data.type ?? 'test', courseID: courseId, taskID: taskId })} replace />;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <QueryState isLoading={content.isLoading} error={content.error} />
      {data && (
        <>
          <Breadcrumbs sx={{ mb: 1 }}>
            <Link component={RouterLink} to={paths.academy.courses.getHref()}>
              {t('backToCourses')}
            </Link>
            <Link component={RouterLink} to={paths.academy.topics.getHref({ courseId, topicId: data.topicID })}>
              {t('backToTopics')}
            </Link>
          </Breadcrumbs>
          <Typography variant="h4" component="h1" gutterBottom>
            {data.TaskName} {data.isCompleted && <Chip size="small" color="success" label={t('completed')} />}
          </Typography>
          <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
            {data.contentType === 'video' && data.videoUrl && (
              <Box component="video" src={data.videoUrl} controls onEnded={() => void complete()} sx={{ width: '100%', maxHeight: '70vh', bgcolor: 'black' }} />
            )}
            {data.contentType === 'pdf' && data.pdfUrl && (
              <>
                <Box component="iframe" src={data.pdfUrl} title={data.TaskName} sx={{ width: '100%', height: '75vh', border: 0 }} />
                <Link href={data.pdfUrl} target="_blank" rel="noopener">
                  {t('openPdf')}
                </Link>
              </>
            )}
            {data.richText && <RichContent html={data.richText} data-testid="lesson-text" />}
            {!data.isCompleted && (
              <Box>
                <Button variant="contained" onClick={() => void complete()} disabled={isMarking}>
                  {t('markComplete')}
                </Button>
              </Box>
            )}
          </Paper>
        </>
      )}
    </Box>
  );
}

/**
 * The generic content route /{type}/{contentTypeName}/{courseID}/{taskID}: lesson content (video,
 * PDF, rich text), or — as /instruction/{practice|test}/… — the instruction screen before a test.
 */
export function ContentScreen() {
  const params = useParams();
  const courseId = Number(params.courseID);
  const taskId = Number(params.taskID);
  if (!courseId || !taskId) return <Navigate to={paths.error.getHref()} replace />;
  if (params.type === 'instruction') {
    const testType = params.contentTypeName === 'practice' ? 'practice' : 'test';
    return <InstructionScreen type={testType} courseId={courseId} taskId={taskId} />;
  }
  return <LessonContent courseId={courseId} taskId={taskId} />;
}
