import type { TaskSettings } from '@app/contracts';
import { useState } from 'react';
import { QuestionView } from '../../features/exam/components/question-view';
import type { AnswerData, AnswerId, PlayerSettings } from '../../features/exam/model/player-state';
import type { QuestionPreviewProps } from '../../features/question-bank';

const PREVIEW_SETTINGS: PlayerSettings = {
  taskID: 0,
  courseID: 0,
  TaskName: '',
  type: 'practice',
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

/**
 * A bank question shown by the exam's own question view, as a student is served it; answers can
 * be tried here and are kept only on this screen (nothing is saved, no code is run).
 */
export function QuestionPreviewSlot({ question }: QuestionPreviewProps) {
  const [answer, setAnswer] = useState<{ answerID: AnswerId; answerData: AnswerData }>({ answerID: null, answerData: null });
  const { allowsPartialCredit: _ignored, ...served } = question;
  return (
    <QuestionView
      question={{ ...served, ...answer, isShowHint: true, confirmedSeq: 0 }}
      number={1}
      total={1}
      settings={PREVIEW_SETTINGS}
      TestSessionID="preview"
      practiceKey={undefined}
      onAnswer={(answerID, answerData) => setAnswer({ answerID, answerData })}
      onAdvance={() => undefined}
    />
  );
}
