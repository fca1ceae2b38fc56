import type { TestResult } from '@app/contracts';
import type { PlayerApi, PlayerTimers } from './player-controller-types';

/** How often a submit accepted while the server scores others asks again for its score (a little jitter spreads the asks). */
export const SCORE_POLL_MS = 3_000;
/** Asks for the score before the accepted notice stays as it is (the report has it once scored). */
export const SCORE_POLL_LIMIT = 100;

export interface ScorePollInput {
  accepted: TestResult;
  api: Pick<PlayerApi, 'submitTest'>;
  analyticsID: string | null;
  timers: Pick<PlayerTimers, 'setTimeout'>;
  random: () => number;
  /** The screen has gone: stop asking. */
  isStopped: () => boolean;
}

/**
 * A submit accepted while the server scores others: the answers are saved and the attempt is
 * closed in its turn. The same submit sent again answers with the score once it is ready, and
 * never closes the attempt twice. Resolves with the scored result, or null when it stopped asking.
 */
export async function pollScore({ accepted, api, analyticsID, timers, random, isStopped }: ScorePollInput): Promise<TestResult | null> {
  for (let ask = 0; ask < SCORE_POLL_LIMIT; ask++) {
    await new Promise((resolve) => timers.setTimeout(() => resolve(undefined), SCORE_POLL_MS * (0.75 + random() / 2)));
    if (isStopped()) return null;
    try {
      const result = await api.submitTest({ TestSessionID: accepted.attemptId, TaskID: accepted.taskID, analyticsID, isPartialSubmit: false });
      if (!result.isBeingScored) return result;
    } catch {
      // Offline or busy: the answers are on the server; ask again on the next turn.
    }
  }
  return null;
}
