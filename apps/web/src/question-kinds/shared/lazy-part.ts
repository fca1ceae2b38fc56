import { lazy, type ComponentType } from 'react';
import { importOrReload } from '../../lib/stale-chunk';

/**
 * A kind's component as its own chunk, loaded the first time it shows: the registry is imported
 * by the player, which must not carry the editors' or the marking screen's code (nor an answer
 * area that only some tests need).
 */
export function lazyPart<P extends object, M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): ComponentType<P> {
  return lazy(() => importOrReload(load).then((module) => ({ default: module[name] as ComponentType<P> })));
}
