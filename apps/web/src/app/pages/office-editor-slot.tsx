import { useCallback, useRef } from 'react';
import type { OfficeSlotProps } from '../../features/exam/components/question-view';
import { LazyOfficeQuestionPanel } from '../../features/office/components/lazy-office-question-panel';
import { useSessionUser } from '../../hooks/use-session-user';

/**
 * The player's office slot filled with the office question screen: the signed-in e-mail gives the
 * editor user name, and each evaluation's result is saved by the player as the answer.
 */
export function OfficeEditorSlot({ question, settings, TestSessionID, isLocked, onAnswer }: OfficeSlotProps) {
  const user = useSessionUser();
  // The question on screen now: a spreadsheet's result applies only to it (spec 001 §4).
  const activeRef = useRef(question.questionID);
  activeRef.current = question.questionID;
  const getActiveQuestionID = useCallback(() => activeRef.current, []);
  return (
    <LazyOfficeQuestionPanel
      // A new question starts a new screen (its own working copy and evaluation).
      key={`${TestSessionID}-${question.questionID}`}
      taskID={settings.taskID}
      TestSessionID={TestSessionID}
      question={question}
      isLocked={isLocked}
      user={{ email: user?.email ?? null, userName: user?.userName ?? 'student' }}
      getActiveQuestionID={getActiveQuestionID}
      onAnswer={(answer) => onAnswer('office', answer)}
    />
  );
}
