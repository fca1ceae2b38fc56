import { Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { ExamPlayer } from '../../features/exam/components/exam-player';
import { ExamProctor } from '../../features/proctoring/components/exam-proctor';
import { ProgrammingEditorSlot } from './programming-editor-slot';

/**
 * /test/{type}/{courseID}/{taskID}: the exam player with proctoring and the code runner's editor
 * composed in. Office questions use the player's built-in answer area until an editor is mounted here.
 */
export function TestPlayerPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const type = params.type === 'practice' ? 'practice' : params.type === 'test' ? 'test' : null;
  const courseID = Number(params.courseID);
  const taskID = Number(params.taskID);
  if (!type || !Number.isInteger(courseID) || courseID <= 0 || !Number.isInteger(taskID) || taskID <= 0) return <Navigate to={paths.error.getHref()} replace />;
  return (
    <ExamPlayer
      key={`${type}-${courseID}-${taskID}`}
      type={type}
      courseID={courseID}
      taskID={taskID}
      analyticsID={search.get('analyticsID')}
      renderProctoring={(props) => <ExamProctor {...props} />}
      renderCodeEditor={(props) => <ProgrammingEditorSlot {...props} />}
    />
  );
}
