/**
 * A stand-in for a call that a bounded queue lets through: it records who entered and how many
 * were inside at once, and holds each until `releaseNext` lets the oldest go.
 */
export function heldCalls<K>() {
  const state = { inside: 0, most: 0, entered: [] as K[] };
  const gates: (() => void)[] = [];
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  return {
    state,
    async enter(key: K): Promise<void> {
      state.inside++;
      state.most = Math.max(state.most, state.inside);
      state.entered.push(key);
      await new Promise<void>((resolve) => gates.push(resolve));
      state.inside--;
    },
    /** A turn of the event loop, for the queue to let the next one in. */
    turn,
    /** Lets the held calls go one by one, oldest first, until none is held. */
    async releaseAll(): Promise<void> {
      while (gates.length) {
        gates.shift()!();
        await turn();
        await turn();
      }
    },
  };
}
