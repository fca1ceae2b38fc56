import { useEffect, useRef, useState } from 'react';

/**
 * Counts down whole seconds while `isRunning`, then calls `onDone` once (the 10 s auto-confirm of
 * the section-end dialog and the auto-continue of the section timeout dialog).
 */
export function useAutoCountdown(seconds: number, isRunning: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    if (!isRunning) {
      setLeft(seconds);
      return;
    }
    const endsAt = Date.now() + seconds * 1000;
    setLeft(seconds);
    const id = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining <= 0) {
        window.clearInterval(id);
        doneRef.current();
      }
    }, 250);
    return () => window.clearInterval(id);
  }, [seconds, isRunning]);
  return left;
}
