/**
 * A named point where the server stops for good when TEST_PAUSE_AT names it: the crash tests
 * start the compiled server with it, wait for the line below, and kill the process with SIGKILL
 * right there (e.g. after an import's commit, before its messages are sent). Unset, it costs nothing.
 */
export async function pauseForTest(point: string): Promise<void> {
  if (process.env.TEST_PAUSE_AT !== point) return;
  process.stdout.write(`TEST_PAUSED_AT ${point}\n`);
  await new Promise<never>(() => undefined);
}
