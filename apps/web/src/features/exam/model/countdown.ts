const pad = (n: number) => String(n).padStart(2, '0');

/** Spec 001 §9: "mm : ss", or "hh : mm : ss" at an hour or more. Negative input counts as zero. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${pad(h)} : ${pad(m)} : ${pad(s)}` : `${pad(m)} : ${pad(s)}`;
}

/** Whole seconds left until a local deadline (epoch ms), never negative. */
export function secondsUntil(deadlineAt: number, now: number): number {
  return Math.max(0, Math.ceil((deadlineAt - now) / 1000));
}

/**
 * A local deadline from the server's RemainingTime: "now + remaining". Only the difference is
 * used, so a browser clock set ahead or behind does not change the time the student gets.
 */
export function deadlineFromRemaining(remainingSeconds: number, now: number): number {
  return now + Math.max(0, remainingSeconds) * 1000;
}

/** Minutes left at which a screen reader hears the time: never every second. */
export const ANNOUNCED_MINUTES = [10, 5, 1] as const;

/** The smallest announced minute mark the time left has reached, or null before the first. */
export function announcedMinutes(secondsLeft: number): number | null {
  let reached: number | null = null;
  for (const minutes of ANNOUNCED_MINUTES) if (secondsLeft <= minutes * 60) reached = minutes;
  return reached;
}
