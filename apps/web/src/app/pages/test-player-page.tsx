import { PractiseBodySchema, TestTypeSchema } from '@app/contracts';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { ExamPlayer } from '../../features/exam/components/exam-player';
import { ExamProctor } from '../../features/proctoring/components/exam-proctor';
import { ProgrammingEditorSlot } from './programming-editor-slot';

const TestPlayerParamsSchema = PractiseBodySchema.pick({ courseID: true, taskID: true }).extend({ type: TestTypeSchema });

/**
 * /test/{type}/{courseID}/{taskID}: the exam player with proctoring and the code runner's editor
 * composed in. Office questions use the player's built-in answer area until an editor is mounted here.
 */
export function TestPlayerPage() {
  const [search] = useSearchParams();
  // The address is read with the contract's own rules: ids arrive as numbers, or the page is refused.
  const parsed = TestPlayerParamsSchema.safeParse(useParams());
  if (!parsed.success) return <Navigate to={paths.error.getHref()} replace />;
  const { type, courseID, taskID } = parsed.data;
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
