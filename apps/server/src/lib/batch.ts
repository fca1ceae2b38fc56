import DataLoader from 'dataloader';

/**
 * Gathers calls into one call of `loadMany`, so that a burst of requests (thousands of students
 * pressing Start together) costs a few statements instead of one per request.
 *
 * A batch goes out on the next turn of the event loop, unless `maxInFlight` batches of this kind
 * are already at the database: then the calls keep gathering until one of those returns. A lone
 * call therefore waits a fraction of a millisecond, and under load the batches grow with the load
 * (the busier the database, the fewer and larger the statements), instead of one small statement
 * per turn of a loop that handles only a few requests per turn. Nothing is remembered between
 * calls (no cache): each call reads the database as it is when its batch goes out.
 *
 * `loadMany` answers one value per key, in the keys' order, or an Error for a key that failed on
 * its own; if it throws, every call of that batch fails with it.
 */
export function createBatcher<K, V>(
  loadMany: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>,
  { maxBatchSize = 500, maxInFlight = 2 }: { maxBatchSize?: number; maxInFlight?: number } = {},
): (key: K) => Promise<V> {
  // Batches at the database or about to go; further batches wait their turn in `waiting`.
  let active = 0;
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        return await loadMany(keys);
      } finally {
        const next = waiting.shift();
        if (next) setImmediate(next);
        else active--;
      }
    },
    {
      cache: false,
      maxBatchSize,
      // Called once per new batch; the batch keeps taking calls until `dispatch` runs.
      batchScheduleFn: (dispatch) => {
        if (active < maxInFlight) {
          active++;
          setImmediate(dispatch);
        } else waiting.push(dispatch);
      },
    },
  );
  return (key) => loader.load(key);
}
