import DataLoader from 'dataloader';

/**
 * Gathers the calls made while the event loop handles one round of I/O into one call of
 * `loadMany`, so that a burst of requests (thousands of students pressing Start together) costs a
 * few statements instead of one per request. A lone call goes out on the next turn of the loop, a
 * fraction of a millisecond later. Nothing is remembered between calls (no cache): each call reads
 * the database as it is.
 *
 * `loadMany` answers one value per key, in the keys' order, or an Error for a key that failed on
 * its own; if it throws, every call of that batch fails with it.
 */
export function createBatcher<K, V>(
  loadMany: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>,
  maxBatchSize = 500,
): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(loadMany, {
    cache: false,
    maxBatchSize,
    batchScheduleFn: (dispatch) => setImmediate(dispatch),
  });
  return (key) => loader.load(key);
}
