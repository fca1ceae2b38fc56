import { ACCEPTED_CLOSE_GRACE_MS, type AttemptCore } from './exam.attempts.js';

export interface SweeperOptions {
  /** Expired attempts read per query [200]. */
  batch?: number;
  /**
   * How long an accepted submit may wait in the queue of the process that accepted it before the
   * sweeper closes it instead (that process may have stopped) [ACCEPTED_CLOSE_GRACE_MS].
   */
  acceptedGraceMs?: number;
}

/**
 * Submits attempts whose deadline has passed, so a student who closed the browser still gets a
 * result, and attempts whose accepted submit was never closed (decision 069). The composition root runs it as a periodic singleton (lib/periodic.ts under an advisory
 * lock), so with several server processes one sweeps at a time.
 *
 * A run goes on while it finds full batches: at the end of a large exam hundreds of attempts
 * expire together (every browser that was closed), and each should be submitted within seconds of
 * its deadline, not one batch per period. A batch is closed in groups (exam.attempts.ts
 * CLOSE_GROUP), all at once, outside the bound on the students' submits (SUBMIT_CONCURRENCY): past
 * the deadline the saves have stopped, and one process sweeps for the whole cluster.
 */
export function createExamSweeper(core: Pick<AttemptCore, 'repo' | 'clock' | 'finalizeNow'>, options: SweeperOptions = {}) {
  const batch = options.batch ?? 200;

  const acceptedGraceMs = options.acceptedGraceMs ?? ACCEPTED_CLOSE_GRACE_MS;

  /** Closes, batch by batch, the attempts `list` names; a run ends on its first failure. */
  async function closeAll(list: () => Promise<string[]>, reason: 'timeout' | 'student'): Promise<number> {
    let submitted = 0;
    for (;;) {
      const ids = await list();
      if (!ids.length) return submitted;
      const outcomes = await core.finalizeNow(ids, reason);
      submitted += outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      // A failure ends the run (the next period tries again), so a row that cannot be closed is
      // not read again and again.
      if (failed) throw failed.reason;
      if (ids.length < batch) return submitted;
    }
  }

  async function sweepExpired(): Promise<number> {
    const now = () => core.clock.now();
    // Accepted submits whose close did not come (its process stopped): stamped at their acceptance.
    const accepted = await closeAll(() => core.repo.listRequestedAttemptIds(new Date(now().getTime() - acceptedGraceMs), batch), 'student');
    return accepted + (await closeAll(() => core.repo.listExpiredAttemptIds(now(), batch), 'timeout'));
  }

  return { sweepExpired };
}
