import Stack from '@mui/material/Stack';
import { QuestionActions } from '../../features/challenges';
import { KeepInNotebookButton } from '../../features/notebook';
import { ReportScreen } from '../../features/reports/shared/components/report-screen';

/**
 * /report: the student's feedback report, with "Challenge key", "Discuss" and "Keep in notebook"
 * under each question once the answers are released.
 */
export function ReportPage() {
  return (
    <ReportScreen
      renderQuestionActions={(question) => (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'flex-end', rowGap: 1 }}>
          <QuestionActions question={question} />
          <KeepInNotebookButton attemptId={question.attemptId} mapId={question.mapId} number={question.number} />
        </Stack>
      )}
    />
  );
}
