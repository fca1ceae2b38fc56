import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation';
import { UnsavedWorkDialog } from './unsaved-work-dialog';

const ReportDirtyContext = createContext<((isDirty: boolean) => void) | null>(null);

/** A form inside a WorkDialog tells it whether something was typed (react-hook-form's isDirty). */
export function useReportDirty(isDirty: boolean) {
  const report = useContext(ReportDirtyContext);
  useEffect(() => {
    report?.(isDirty);
  }, [report, isDirty]);
  useEffect(() => () => report?.(false), [report]);
}

/**
 * A dialog that holds typed work, in the workspace and the back office alike. Escape or a click
 * outside closes it at once only while nothing was typed; otherwise it asks first ("Keep editing"
 * is the default), so a stray key or click never loses a note or a half-written description.
 * Cancel and Save inside the form close it as before.
 */
export function WorkDialog({
  isOpen,
  isDirty = false,
  onClose,
  title,
  children,
  maxWidth = 'sm',
  slotProps,
}: {
  isOpen: boolean;
  /** For a dialog whose own component holds the form; forms inside report through useReportDirty. */
  isDirty?: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  slotProps?: DialogProps['slotProps'];
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const [isReportedDirty, setIsReportedDirty] = useState(false);
  const [isAsking, setIsAsking] = useState(false);
  const report = useCallback((value: boolean) => setIsReportedDirty(value), []);
  const hasWork = isDirty || isReportedDirty;

  function handleDismiss() {
    if (hasWork) setIsAsking(true);
    else onClose();
  }

  return (
    <>
      <Dialog open={isOpen} onClose={handleDismiss} fullWidth maxWidth={maxWidth} aria-labelledby={titleId} slotProps={slotProps}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <ReportDirtyContext.Provider value={report}>{isOpen && children}</ReportDirtyContext.Provider>
      </Dialog>
      <UnsavedWorkDialog
        isOpen={isOpen && isAsking}
        title={t('discardTitle')}
        text={t('discardText')}
        dropText={t('discard')}
        keepText={t('keepEditing')}
        onDrop={() => {
          setIsAsking(false);
          onClose();
        }}
        onKeep={() => setIsAsking(false)}
      />
    </>
  );
}
