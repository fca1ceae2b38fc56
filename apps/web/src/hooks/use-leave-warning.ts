import { useEffect } from 'react';

/**
 * While a page form holds unsaved work, the browser asks before the tab is closed or reloaded
 * (its own wording; browsers show no page text). Moves inside the app are asked about by
 * LeaveGuard (components/dialogs/leave-guard.tsx), which calls this hook too.
 */
export function useLeaveWarning(hasUnsavedWork: boolean) {
  useEffect(() => {
    if (!hasUnsavedWork) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [hasUnsavedWork]);
}
