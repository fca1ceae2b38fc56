import pLimit from 'p-limit';
import type { AttemptCore } from './exam.attempts.js';

export interface SweeperOptions {
  /** Expired attempts read per query [200]. */
  batch?: number;
  /** Attempts submitted at once, each in its own transaction [8]. */
  concurrency?: number;
}

/**
 * Submits attempts whose deadline has passed, so a student who closed the browser still gets a
 * result. The composition root runs it as a periodic singleton (lib/periodic.ts under an advisory
 * lock), so with several server processes one sweeps at a time.
 *
 * A run goes on while it finds full batches: at the end of a large exam hundreds of attempts
 * expire together (every browser that was closed), and each should be submitted within seconds of
 * its deadline, not one batch per period. Eight are submitted at once, each locking only its own
 * row, outside the bound on the students' submits (SUBMIT_CONCURRENCY): past the deadline the
 * saves have stopped, and one process sweeps for the whole cluster.
 */
export function createExamSweeper(core: Pick<AttemptCore, 'repo' | 'clock' | 'finalizeNow'>, options: SweeperOptions = {}) {
  const batch = options.batch ?? 200;
  const limit = pLimit(options.concurrency ?? 8);

  async function sweepExpired(): Promise<number> {
    let submitted = 0;
    for (;;) {
      const ids = await core.repo.listExpiredAttemptIds(core.clock.now(), batch);
      const outcomes = await Promise.allSettled(ids.map((id) => limit(() => core.finalizeNow(id, 'timeout'))));
      submitted += outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      // A failure ends the run (the next period tries again), so a row that cannot be closed is
      // not read again and again.
      if (failed) throw failed.reason;
      if (ids.length < batch) return submitted;
    }
  }

  return { sweepExpired };
}
