import { Navigate, useParams, useSearchParams } from 'react-router';
import { ExamPlayer } from '../../features/exam/components/exam-player';
import { ExamProctor } from '../../features/proctoring/components/exam-proctor';

/**
 * /test/{type}/{courseID}/{taskID}: the exam player with proctoring composed in. Programming and
 * office questions use the player's built-in answer areas until a runner editor is mounted here.
 */
export function TestPlayerPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const type = params.type === 'practice' ? 'practice' : params.type === 'test' ? 'test' : null;
  const courseID = Number(params.courseID);
  const taskID = Number(params.taskID);
  if (!type || !Number.isInteger(courseID) || courseID <= 0 || !Number.isInteger(taskID) || taskID <= 0) return <Navigate to="/error" replace />;
  return (
    <ExamPlayer
      key={`${type}-${courseID}-${taskID}`}
      type={type}
      courseID={courseID}
      taskID={taskID}
      analyticsID={search.get('analyticsID')}
      renderProctoring={(props) => <ExamProctor {...props} />}
    />
  );
}
