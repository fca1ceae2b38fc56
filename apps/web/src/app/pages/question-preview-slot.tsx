import { useState } from 'react';
import { QuestionView } from '../../features/exam/components/question-view';
import type { AnswerData, AnswerId } from '../../features/exam/model/player-state';
import { standaloneQuestionSettings } from '../../features/exam/model/standalone-settings';
import type { QuestionPreviewProps } from '../../features/question-bank';

const PREVIEW_SETTINGS = standaloneQuestionSettings('practice');

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
