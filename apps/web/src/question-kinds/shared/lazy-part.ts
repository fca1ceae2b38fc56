import { lazy, type ComponentType } from 'react';
import { importOrReload } from '../../lib/stale-chunk';

/** A lazily loaded part that can be fetched ahead of its first showing. */
export type LazyPart<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A kind's component as its own chunk, loaded the first time it shows: the registry is imported
 * by the player, which must not carry the editors' or the marking screen's code (nor an answer
 * area that only some tests need). `preload` fetches it ahead, while the network is there (a
 * failure is left to the first showing).
 */
export function lazyPart<P extends object, M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): LazyPart<P> {
  const Part = lazy(() => importOrReload(load).then((module) => ({ default: module[name] as ComponentType<P> })));
  return Object.assign(Part, { preload: () => load().then(() => undefined, () => undefined) });
}
