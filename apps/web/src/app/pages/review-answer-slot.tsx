import type { TaskSettings } from '@app/contracts';
import { QuestionView } from '../../features/exam/components/question-view';
import type { PlayerSettings } from '../../features/exam/model/player-state';
import type { ReviewAnswerAreaProps } from '../../features/notebook';

const REVIEW_SETTINGS: PlayerSettings = {
  taskID: 0,
  courseID: 0,
  TaskName: '',
  type: 'test',
  QuestionDisplayType: 'vertical',
  shuffle: false,
  sectionWiseTimer: false,
  questionSwitch: 1,
  mandatory: false,
  IsSectionNavigationAllowed: true,
  IsEditorAllowed: true,
  IsCameraAllowed: false,
  IsTabAlertAllowed: 1,
  Warnings: 0,
  ScoreVisible: true,
  englishAuthoritative: true,
  partialSubmit: 0,
  totalDuration: 0,
} satisfies TaskSettings & { totalDuration: number };

/** A notebook card's question in the exam's own question view, so the answer area is the one of a test. */
export function ReviewAnswerSlot({ question, answer, isLocked, onAnswer }: ReviewAnswerAreaProps) {
  const { allowsPartialCredit: _ignored, ...served } = question;
  return (
    <QuestionView
      question={{ ...served, ...answer, isShowHint: false, confirmedSeq: 0 }}
      number={1}
      total={1}
      settings={REVIEW_SETTINGS}
      TestSessionID="review"
      practiceKey={undefined}
      onAnswer={(answerID, answerData) => {
        if (!isLocked) onAnswer({ answerID, answerData });
      }}
      onAdvance={() => undefined}
    />
  );
}
