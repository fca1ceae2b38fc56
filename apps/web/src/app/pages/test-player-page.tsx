import type { TestType } from '@app/contracts';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { parseRouteId, paths } from '../../config/paths';
import { ExamPlayer } from '../../features/exam/components/exam-player';
import { ExamProctor } from '../../features/proctoring/components/exam-proctor';
import { OfficeEditorSlot } from './office-editor-slot';
import { PracticeKeepSlot } from './practice-keep-slot';
import { ProgrammingEditorSlot } from './programming-editor-slot';

// Read by hand rather than with the contract's zod schema: the player's first load carries no zod (bench/README.md).
const asTestType = (value: string | undefined): TestType | null => (value === 'test' || value === 'practice' ? value : null);

/**
 * /test/{type}/{courseID}/{taskID}: the exam player with proctoring, the code runner's editor and
 * the office question screen composed in (both editors load only when their question shows), and
 * "Keep in notebook" under an open practice's feedback.
 */
export function TestPlayerPage() {
  const [search] = useSearchParams();
  const params = useParams();
  const type = asTestType(params.type);
  const courseID = parseRouteId(params.courseID);
  const taskID = parseRouteId(params.taskID);
  if (!type || courseID === null || taskID === null) return <Navigate to={paths.error.getHref()} replace />;
  return (
    <ExamPlayer
      key={`${type}-${courseID}-${taskID}`}
      type={type}
      courseID={courseID}
      taskID={taskID}
      analyticsID={search.get('analyticsID')}
      renderProctoring={(props) => <ExamProctor {...props} />}
      renderCodeEditor={(props) => <ProgrammingEditorSlot {...props} />}
      renderOfficeEditor={(props) => <OfficeEditorSlot {...props} />}
      renderPracticeActions={(props) => <PracticeKeepSlot {...props} />}
    />
  );
}
