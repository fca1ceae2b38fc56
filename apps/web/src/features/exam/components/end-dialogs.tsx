import type { TestType } from '@app/contracts';
import { memo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate } from 'react-router';
import type { PlayerDialog } from '../hooks/use-exam-player';
import { MessageDialog } from './dialogs/message-dialog';
import { ResultDialog } from './dialogs/result-dialog';
import { paths } from '../../../config/paths';

/** The end of an attempt: its result, or why it cannot go on. */
export const EndDialogs = memo(function EndDialogs({
  dialog,
  type,
  onCloseDialog,
}: {
  dialog: PlayerDialog | null;
  type: TestType;
  onCloseDialog: () => void;
}) {
  const { t } = useTranslation('exam');
  const { t: tm } = useTranslation('messages');
  const navigate = useNavigate();
  const leave = () => navigate(paths.academy.courses.getHref());
  const result = dialog?.kind === 'result' ? dialog.result : null;
  return (
    <>
      <ResultDialog
        isOpen={dialog?.kind === 'result'}
        result={result}
        type={type}
        onViewFeedback={() =>
          result &&
          navigate(paths.reports.report.getHref({ courseId: result.courseID, taskId: result.taskID, attemptId: result.attemptId }))
        }
        onClose={leave}
      />
      <MessageDialog
        isOpen={dialog?.kind === 'oops'}
        title={t('dialogs.oopsTitle')}
        text={(dialog?.kind === 'oops' && dialog.message) || tm('somethingWentWrong')}
        onClose={() => {
          onCloseDialog();
          leave();
        }}
      />
      <MessageDialog
        isOpen={dialog?.kind === 'noInternet'}
        title={t('dialogs.alertTitle')}
        text={tm('noInternet')}
        onClose={onCloseDialog}
      />
    </>
  );
});
