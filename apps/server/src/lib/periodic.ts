/**
 * Runs `task` every `intervalMs` in the background: never two at once (a run that is still going
 * skips the next tick), errors go to `onError` and never into the timer, and the timer does not
 * keep the process alive. Returns a stop function that waits for a run in progress.
 */
export function startPeriodic(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError?: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .catch((error: unknown) => onError?.(error))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
