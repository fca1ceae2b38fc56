import { QuestionsWithAnswer } from '../../features/reports/components/questions-with-answer';
import { NotebookScreen } from '../../features/notebook';

/** /notebook: the student's mistake notebook, each question shown by the feedback report's renderer. */
export function NotebookPage() {
  return <NotebookScreen renderQuestion={(question) => <QuestionsWithAnswer items={[question]} />} />;
}
