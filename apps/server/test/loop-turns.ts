/**
 * Counts the turns of the event loop from now until `stop()`: a chain of immediates, each one
 * turn. Work held on this thread in one go lets none of them run; work that gives other requests
 * their turn lets many. Counted in turns, not milliseconds, so that a busy machine's pauses do
 * not decide a test.
 */
export function countLoopTurns(): { readonly turns: number; stop(): void } {
  let turns = 0;
  let counting = true;
  const turn = () => {
    turns += 1;
    if (counting) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    get turns() {
      return turns;
    },
    stop() {
      counting = false;
    },
  };
}
