import { RUN_PENDING, RUN_POLL_INTERVAL_S, RUN_POLL_RETRIES, type RunDetails } from '@app/contracts';

export interface PollOptions {
  runID: string;
  fetchDetails: (runID: string, signal: AbortSignal) => Promise<RunDetails>;
  signal: AbortSignal;
  /** Spec 001 §9: 3 s. */
  intervalMs?: number;
  /** Spec 001 §9: 20 polls. */
  maxPolls?: number;
  /**
   * Delay before the first look. The runner usually answers well under a second, so the first
   * look comes sooner than the interval; later ones follow the spec's 3 s.
   */
  firstDelayMs?: number;
}

export interface PollOutcome {
  details: RunDetails;
  /** Still pending after the last allowed poll: the caller stores it anyway (spec 001 §4). */
  isCapped: boolean;
  polls: number;
}

export const FIRST_POLL_DELAY_MS = 700;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const id = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(id);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls a run's details while its status is PE (spec 001 §4 Programming run): at most `maxPolls`
 * looks, `intervalMs` apart. Returns the verdict, or the last pending details once the cap is
 * reached. A failed look rejects (the caller stops loading, spec 001 §8).
 */
export async function pollRun({
  runID,
  fetchDetails,
  signal,
  intervalMs = RUN_POLL_INTERVAL_S * 1000,
  maxPolls = RUN_POLL_RETRIES,
  firstDelayMs = Math.min(FIRST_POLL_DELAY_MS, intervalMs),
}: PollOptions): Promise<PollOutcome> {
  let details: RunDetails | null = null;
  for (let poll = 1; poll <= Math.max(1, maxPolls); poll += 1) {
    await wait(poll === 1 ? firstDelayMs : intervalMs, signal);
    details = await fetchDetails(runID, signal);
    if (details.statusCode !== RUN_PENDING) return { details, isCapped: false, polls: poll };
  }
  return { details: details!, isCapped: true, polls: Math.max(1, maxPolls) };
}
