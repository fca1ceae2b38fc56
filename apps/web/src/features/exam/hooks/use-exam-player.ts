import type { TestType } from '@app/contracts';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNotify } from '../../../hooks/use-notify';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { examApi } from '../api/exam-api';
import { createPlayerController, type PlayerTimers } from '../model/player-controller';
import { activeQuestionOf, activeSectionOf } from '../model/player-state';

export type { PlayerActions, PlayerDialog, PlayerPhase, SubmitReason } from '../model/player-controller';

export interface ExamPlayerOptions {
  type: TestType;
  courseID: number;
  taskID: number;
  analyticsID: string | null;
}

const browserTimers: PlayerTimers = {
  setInterval: (handler, ms) => window.setInterval(handler, ms),
  clearInterval: (id) => window.clearInterval(id as number),
  setTimeout: (handler, ms) => window.setTimeout(handler, ms),
  clearTimeout: (id) => window.clearTimeout(id as number),
};

const browserClock = () => Date.now();

/**
 * The exam player on screen: one controller (`model/player-controller.ts`) per attempt's task,
 * started while the screen is mounted, with the translated texts, the toasts and the browser's
 * online status handed in.
 */
export function useExamPlayer({ type, courseID, taskID, analyticsID }: ExamPlayerOptions) {
  const { t } = useTranslation('messages');
  const notify = useNotify();
  const isBrowserOnline = useOnlineStatus();
  // The controller lives longer than one render: it reads the current language's texts from here.
  const latest = useRef({ t, notify });
  latest.current = { t, notify };

  const controller = useMemo(
    () =>
      createPlayerController({
        type,
        courseID,
        taskID,
        analyticsID,
        api: examApi,
        storage: localStorage,
        now: browserClock,
        timers: browserTimers,
        t: (key) => latest.current.t(key),
        notify: {
          error: (text) => latest.current.notify.error(text),
          apiError: (error, networkFallback) => latest.current.notify.apiError(error, networkFallback),
        },
      }),
    [type, courseID, taskID, analyticsID],
  );
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);

  useEffect(() => {
    controller.start();
    return () => controller.dispose();
  }, [controller]);

  useEffect(() => controller.setOnline(isBrowserOnline), [controller, isBrowserOnline]);

  // A reload, a closed tab or a switch away keeps the place shown now, not the one of the last 1.5 s tick.
  useEffect(() => {
    const keep = () => controller.keepState();
    const keepWhenHidden = () => document.visibilityState === 'hidden' && keep();
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', keepWhenHidden);
    return () => {
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', keepWhenHidden);
    };
  }, [controller]);

  const { phase, state, now, dialog, loadError, unconfirmed, hasSaveFailed, isRevealing } = snapshot;
  return {
    phase,
    state,
    now,
    dialog,
    loadError,
    isOnline: isBrowserOnline && !hasSaveFailed,
    isBrowserOnline,
    unconfirmed,
    isRevealing,
    activeQuestion: state ? activeQuestionOf(state) : null,
    activeSection: state ? activeSectionOf(state) : null,
    actions: controller.actions,
  };
}
