import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until `endsAt` (epoch ms), ticking each second; `onComplete` runs once when it
 * reaches zero. `start(ms)` restarts it (the OTP resend countdown).
 */
export function useCountdown(initialEndsAt: number | null = null, onComplete?: () => void) {
  const [endsAt, setEndsAt] = useState<number | null>(initialEndsAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => setEndsAt(initialEndsAt), [initialEndsAt]);

  useEffect(() => {
    if (endsAt === null) return;
    setNow(Date.now());
    const id = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) {
        window.clearInterval(id);
        setEndsAt(null);
        onComplete?.();
      }
    }, 1000);
    return () => window.clearInterval(id);
    // onComplete is read at completion time; restarting the timer for a new callback would reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endsAt]);

  const start = useCallback((durationMs: number) => setEndsAt(Date.now() + durationMs), []);
  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, isRunning: endsAt !== null && secondsLeft > 0, start };
}
