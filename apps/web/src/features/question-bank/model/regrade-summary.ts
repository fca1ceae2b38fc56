import type { RegradeResult } from '@app/contracts';

export interface RegradeSummary {
  /** Attempts served an older version. */
  count: number;
  /** Of those, attempts whose score changes. */
  changed: number;
  /** The sum of the score changes (negative when scores drop). */
  delta: number;
}

const scoreOf = (value: number | null) => value ?? 0;

/** How many attempts a regrade touches, how many change score and by how much in all. */
export function summarizeRegrade(attempts: RegradeResult['attempts']): RegradeSummary {
  let changed = 0;
  let delta = 0;
  for (const attempt of attempts) {
    const change = scoreOf(attempt.newScored) - scoreOf(attempt.oldScored);
    if (change !== 0 || attempt.newScored !== attempt.oldScored) changed += 1;
    delta += change;
  }
  // Scores are sums of fractional marks: keep the total readable.
  return { count: attempts.length, changed, delta: Math.round(delta * 100) / 100 };
}

/** A score change as shown: +1, −0.25, 0. */
export function formatChange(oldScored: number | null, newScored: number | null): string {
  const change = Math.round((scoreOf(newScored) - scoreOf(oldScored)) * 100) / 100;
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${Math.abs(change)}`;
  return '0';
}
