import type { CodeSlotProps } from '../../features/exam/components/question-view';
import { LazyCodeEditorPanel } from '../../features/runner/components/lazy-code-editor-panel';
import { editorVariantFor } from '../../features/runner/model/editor-variant';
import { useSessionUser } from '../../hooks/use-session-user';
import { useRef } from 'react';

/**
 * The player's code-editor slot filled with the runner's editor: the signed-in e-mail decides the
 * staff exemption from the paste rules, the exam's IsEditorAllowed the editor variant, and each
 * Run or Submit answer is saved by the player. A graded test moves on after a Submit; practice
 * moves on only once the program is accepted, so a wrong program can be tried again (the footer's
 * Next still shows the answer).
 */
export function ProgrammingEditorSlot({ question, settings, TestSessionID, isLocked, onAnswer, onAdvance }: CodeSlotProps) {
  const user = useSessionUser();
  const lastVerdict = useRef<{ questionID: number; statusCode: string | null } | null>(null);
  const isAccepted = () => lastVerdict.current?.questionID === question.questionID && lastVerdict.current.statusCode === 'AC';
  return (
    <LazyCodeEditorPanel
      // A new question starts a new editor (its own program, draft and run).
      key={`${TestSessionID}-${question.questionID}`}
      taskID={settings.taskID}
      TestSessionID={TestSessionID}
      question={question}
      isLocked={isLocked}
      userEmail={user?.email ?? null}
      variant={editorVariantFor(settings.IsEditorAllowed)}
      onAnswer={(answer) => {
        lastVerdict.current = { questionID: question.questionID, statusCode: answer.statusCode };
        onAnswer('program', answer);
      }}
      onAdvance={() => {
        if (settings.type !== 'practice' || isAccepted()) onAdvance();
      }}
    />
  );
}
