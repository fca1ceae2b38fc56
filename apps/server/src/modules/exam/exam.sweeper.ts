import type { AttemptCore } from './exam.attempts.js';

const SWEEP_BATCH = 200;

/**
 * Submits attempts whose deadline has passed, so a student who closed the browser still gets a
 * result. The composition root runs it as a periodic singleton (lib/periodic.ts under an advisory
 * lock), so with several server processes one sweeps at a time.
 */
export function createExamSweeper(core: AttemptCore) {
  async function sweepExpired(): Promise<number> {
    const ids = await core.repo.listExpiredAttemptIds(core.clock.now(), SWEEP_BATCH);
    for (const id of ids) await core.finalize(id, 'timeout');
    return ids.length;
  }

  return { sweepExpired };
}
