import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useSessionUser } from '../../../hooks/use-session-user';
import { proctoringApi } from '../api/proctoring-api';
import { useCameraCapture } from '../hooks/use-camera-capture';
import { useTabAwayMonitor } from '../hooks/use-tab-away-monitor';
import { awayLimit, isTabMonitoringOn, shouldAutoSubmit } from '../model/proctoring-rules';
import { rememberSettingsDialogShown, wasSettingsDialogShown } from '../model/settings-dialog-memory';
import { ChangeSystemSettingsDialog } from './change-system-settings-dialog';
import { ExamWarningDialog } from './exam-warning-dialog';

export interface ExamProctorProps {
  settings: { taskID: number; courseID: number; type: string; IsTabAlertAllowed: number; IsCameraAllowed: boolean; Warnings: number };
  TestSessionID: string;
  isActive: boolean;
  onAwayStart: () => void;
  onAwayEnd: () => number;
  onAutoSubmit: () => void;
  setBeforeSubmit: (handler: (() => void | Promise<void>) | null) => void;
}


/**
 * Proctoring of a graded attempt (spec 001 §4): tab-away periods with the exam-warning dialog and
 * auto-submit at Warnings − 1; webcam frames every 10 minutes (denial submits silently, other
 * errors show the message and then submit); the Change System Settings dialog once per attempt.
 */
export function ExamProctor({ settings, TestSessionID, isActive, onAwayStart, onAwayEnd, onAutoSubmit, setBeforeSubmit }: ExamProctorProps) {
  const { t } = useTranslation('proctoring');
  const { t: tm } = useTranslation('messages');
  const user = useSessionUser();
  const isTest = settings.type === 'test';
  const limit = awayLimit(settings.Warnings);
  const [warningCount, setWarningCount] = useState<number | null>(null);
  const [hasCameraError, setHasCameraError] = useState(false);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);

  useTabAwayMonitor(isActive && isTest && isTabMonitoringOn(settings), onAwayStart, () => {
    const count = onAwayEnd();
    if (shouldAutoSubmit(count, settings.Warnings)) onAutoSubmit();
    else setWarningCount(count);
  });

  const camera = useCameraCapture(
    isActive && isTest && settings.IsCameraAllowed,
    (dataURL) => {
      proctoringApi
        .capturePhoto({ dataURL, taskID: settings.taskID, user: user?.email ?? undefined, testSessionID: TestSessionID, courseID: settings.courseID })
        // Spec 001 §8: a failed upload is only logged.
        .catch((error: unknown) => console.warn('Camera frame upload failed', error));
    },
    (failure) => {
      if (failure === 'denied') onAutoSubmit();
      else setHasCameraError(true);
    },
  );

  useEffect(() => {
    setBeforeSubmit(camera.stop);
    return () => setBeforeSubmit(null);
  }, [camera.stop, setBeforeSubmit]);

  useEffect(() => {
    if (!isActive || !isTest) return;
    if (wasSettingsDialogShown(TestSessionID)) return;
    rememberSettingsDialogShown(TestSessionID);
    setIsSettingsOpen(true);
  }, [isActive, isTest, TestSessionID]);

  return (
    <>
      <Box sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', opacity: 0, pointerEvents: 'none' }} aria-hidden>
        <video ref={camera.videoRef} muted playsInline />
        <canvas ref={camera.canvasRef} />
      </Box>
      <ExamWarningDialog isOpen={warningCount !== null} count={warningCount ?? 0} limit={limit} onClose={() => setWarningCount(null)} />
      <ChangeSystemSettingsDialog isOpen={isSettingsOpen} onClose={() => setIsSettingsOpen(false)} />
      <Dialog open={hasCameraError} aria-labelledby="camera-error-title">
        <DialogTitle id="camera-error-title">{t('cameraErrorTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{tm('cameraError')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            variant="contained"
            onClick={() => {
              setHasCameraError(false);
              onAutoSubmit();
            }}
          >
            {t('ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

