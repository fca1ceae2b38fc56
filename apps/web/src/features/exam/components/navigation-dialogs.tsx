import { memo } from 'react';
import type { PlayerDialog, useExamPlayer } from '../hooks/use-exam-player';
import { submitSummary, type PlayerState } from '../model/player-state';
import { SectionEndDialog } from './dialogs/section-end-dialog';
import { SectionTimeoutDialog } from './dialogs/section-timeout-dialog';
import { SectionWarningDialog } from './dialogs/section-warning-dialog';
import { SubmitConfirmDialog } from './dialogs/submit-confirm-dialog';

type PlayerActions = ReturnType<typeof useExamPlayer>['actions'];

interface NavigationDialogsProps {
  dialog: PlayerDialog | null;
  unconfirmed: number;
  /** The sections and the question on screen, for the summary before the final submit. */
  state: Pick<PlayerState, 'sections' | 'activeSection' | 'activeQuestion'>;
  isSubmitting: boolean;
  actions: PlayerActions;
}

/**
 * The unconfirmed count matters only while the submit confirmation is open: an answer's save,
 * often arriving during the next move, does not re-render the closed dialogs (a dialog that is
 * closing keeps the count it had when it closed).
 */
function isSameNavigationDialogs(prev: NavigationDialogsProps, next: NavigationDialogsProps): boolean {
  return (
    prev.dialog === next.dialog &&
    prev.isSubmitting === next.isSubmitting &&
    prev.actions === next.actions &&
    ((prev.unconfirmed === next.unconfirmed && prev.state.sections === next.state.sections) || next.dialog?.kind !== 'submitConfirm')
  );
}

/** Submit confirmation and the section dialogs. */
export const NavigationDialogs = memo(function NavigationDialogs({
  dialog,
  unconfirmed,
  state,
  isSubmitting,
  actions,
}: NavigationDialogsProps) {
  return (
    <>
      <SubmitConfirmDialog
        isOpen={dialog?.kind === 'submitConfirm'}
        unconfirmed={unconfirmed}
        sections={dialog?.kind === 'submitConfirm' ? submitSummary(state) : []}
        isSubmitting={isSubmitting}
        onCancel={actions.closeDialog}
        onSubmit={() => {
          actions.closeDialog();
          void actions.submit('student');
        }}
      />
      <SectionEndDialog
        isOpen={dialog?.kind === 'sectionEnd'}
        autoConfirm={dialog?.kind === 'sectionEnd' && dialog.autoConfirm}
        onStay={actions.closeDialog}
        onConfirm={actions.confirmSectionEnd}
      />
      <SectionTimeoutDialog
        isOpen={dialog?.kind === 'sectionTimeout'}
        onContinue={() => dialog?.kind === 'sectionTimeout' && actions.continueAfterSectionTimeout(dialog.sectionIndex)}
      />
      <SectionWarningDialog
        isOpen={dialog?.kind === 'sectionWarning'}
        secondsLeft={dialog?.kind === 'sectionWarning' ? dialog.secondsLeft : 0}
        onClose={actions.closeDialog}
      />
    </>
  );
}, isSameNavigationDialogs);
