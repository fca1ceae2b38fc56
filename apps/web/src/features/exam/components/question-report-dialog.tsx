import { lazy, memo } from 'react';
import { importOrReload } from '../../../lib/stale-chunk';

// Its text field loads the first time a student reports a question.
const ReportErrorDialog = lazy(() => importOrReload(() => import('./dialogs/report-error-dialog')).then((m) => ({ default: m.ReportErrorDialog })));

/**
 * The report dialog reads the question only while it is open (the question cannot change then),
 * so moving between questions with the dialog closed does not render it.
 */
export const QuestionReportDialog = memo(
  ReportErrorDialog,
  (prev, next) =>
    !prev.isOpen && !next.isOpen && prev.TestSessionID === next.TestSessionID && prev.onClose === next.onClose,
);
