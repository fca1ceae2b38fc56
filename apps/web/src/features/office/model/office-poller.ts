export interface OfficePollOptions<T> {
  runID: string;
  fetchDetails: (runID: string, signal: AbortSignal) => Promise<T>;
  isPending: (details: T) => boolean;
  signal: AbortSignal;
  /** Spec 001 §9: 3 s between looks. */
  intervalMs: number;
  /** Spec 001 §9: at most 20 looks. */
  maxPolls: number;
  /** The first look comes sooner: a small workbook is usually scored in well under a second. */
  firstDelayMs?: number;
}

export interface OfficePollOutcome<T> {
  details: T;
  /** Still pending after the last allowed look: the caller stores it anyway (spec 001 §4). */
  isCapped: boolean;
  polls: number;
}

export const FIRST_LOOK_DELAY_MS = 700;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(id);
      reject(signal.reason);
    };
    const id = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Looks at an office evaluation while it is pending (spec 001 §4 Office evaluation): at most
 * `maxPolls` looks, `intervalMs` apart; the last pending details once the cap is reached. A failed
 * look rejects, and nothing more is asked.
 */
export async function pollOfficeRun<T>({
  runID,
  fetchDetails,
  isPending,
  signal,
  intervalMs,
  maxPolls,
  firstDelayMs = Math.min(FIRST_LOOK_DELAY_MS, intervalMs),
}: OfficePollOptions<T>): Promise<OfficePollOutcome<T>> {
  const cap = Math.max(1, maxPolls);
  let details: T | undefined;
  for (let poll = 1; poll <= cap; poll += 1) {
    await wait(poll === 1 ? firstDelayMs : intervalMs, signal);
    details = await fetchDetails(runID, signal);
    if (!isPending(details)) return { details, isCapped: false, polls: poll };
  }
  return { details: details as T, isCapped: true, polls: cap };
}
