import { startPeriodic } from '../../lib/periodic.js';
import type { AttemptCore } from './exam.attempts.js';

const SWEEP_BATCH = 200;

/** Submits attempts whose deadline has passed, so a student who closed the browser still gets a result. */
export function createExamSweeper(core: AttemptCore, onError?: (error: unknown) => void) {
  async function sweepExpired(): Promise<number> {
    let count = 0;
    await core.repo.withSweepLock(async () => {
      const ids = await core.repo.listExpiredAttemptIds(core.clock.now(), SWEEP_BATCH);
      for (const id of ids) {
        await core.finalize(id, 'timeout');
        count += 1;
      }
    });
    return count;
  }

  return {
    sweepExpired,
    /** Runs the sweeper every intervalMs; returns its stop function. */
    startSweeper(intervalMs: number): () => Promise<void> {
      return startPeriodic(sweepExpired, intervalMs, onError);
    },
  };
}
