/** Runs a task under a lock shared by every server process, or skips it when another holds it. */
export type SingletonLock = (name: string, task: () => Promise<unknown>) => Promise<unknown>;

export interface PeriodicOptions {
  /**
   * Makes the task a singleton across server processes: each run takes the lock `name` (a
   * PostgreSQL advisory lock, `Database.withAdvisoryLock`) and is skipped while another holds it.
   */
  singleton?: { name: string; lock: SingletonLock };
}

/**
 * Runs `task` every `intervalMs` in the background: never two at once (a run that is still going
 * skips the next tick), errors go to `onError` and never into the timer, and the timer does not
 * keep the process alive. Returns a stop function that waits for a run in progress.
 */
export function startPeriodic(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError?: (error: unknown) => void,
  options: PeriodicOptions = {},
): () => Promise<void> {
  const { singleton } = options;
  const runTask = singleton ? () => singleton.lock(singleton.name, task) : task;
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runTask()
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
