import { useEffect, useRef } from 'react';

/** Window blur starts an away period, focus ends it (spec 001 §4 Proctoring). */
export function useTabAwayMonitor(isEnabled: boolean, onAway: () => void, onBack: () => void) {
  const handlers = useRef({ onAway, onBack });
  handlers.current = { onAway, onBack };
  useEffect(() => {
    if (!isEnabled) return;
    let isAway = false;
    const away = () => {
      if (isAway) return;
      isAway = true;
      handlers.current.onAway();
    };
    const back = () => {
      if (!isAway) return;
      isAway = false;
      handlers.current.onBack();
    };
    const visibility = () => (document.visibilityState === 'hidden' ? away() : back());
    window.addEventListener('blur', away);
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('blur', away);
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, [isEnabled]);
}
