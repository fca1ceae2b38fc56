import { QuestionView } from '../../features/exam/components/question-view';
import { standaloneQuestionSettings } from '../../features/exam/model/standalone-settings';
import type { ReviewAnswerAreaProps } from '../../features/notebook';

const REVIEW_SETTINGS = standaloneQuestionSettings('test');

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
